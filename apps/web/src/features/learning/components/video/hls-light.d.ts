// hls.js ships the light build (no subtitles, EME or alternate audio: lectures use none) without its own types; they are the full build's.
declare module "hls.js/light" {
  export { default } from "hls.js";
}
