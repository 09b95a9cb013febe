/**
 * Where the <video> plays from: the HLS master playlist when the lecture has one (hls.js, or the
 * browser's own HLS on Safari), else the MP4 file. hls.js is loaded only when it is needed.
 *
 * With hls.js the element gets a `videoRenditions` list (the HLS levels) so media-chrome's quality
 * menu can list and pick them; the browser's own HLS (Safari) picks the quality by itself.
 */
type Rendition = { id: string; width: number; height: number; bitrate: number; selected: boolean };

/** The shape media-chrome reads from `media.videoRenditions` (a VideoRenditionList-like list). */
export class RenditionList extends EventTarget {
  [index: number]: Rendition;
  #items: Rendition[] = [];
  #selected = -1;
  constructor(private readonly choose: (index: number) => void) {
    super();
  }
  get length() {
    return this.#items.length;
  }
  get selectedIndex() {
    return this.#selected;
  }
  /** -1 is "Auto" (hls.js picks by bandwidth). */
  set selectedIndex(index: number) {
    this.#selected = index;
    this.#items.forEach((item, i) => {
      item.selected = i === index;
    });
    this.choose(index);
    this.dispatchEvent(new Event("change"));
  }
  [Symbol.iterator]() {
    return this.#items[Symbol.iterator]();
  }
  replace(items: Rendition[]) {
    for (let i = 0; i < this.#items.length; i++) delete this[i];
    this.#items = items;
    items.forEach((item, i) => {
      this[i] = item;
    });
    this.dispatchEvent(new Event("addrendition"));
  }
}

export type VideoWithRenditions = HTMLVideoElement & { videoRenditions?: RenditionList };

/** Attaches the lecture's stream to the element; returns what detaches it. */
export function attachSource(
  video: VideoWithRenditions,
  source: { mp4: string; hls: string | null | undefined },
): () => void {
  const playMp4 = () => {
    video.src = source.mp4;
  };
  if (!source.hls) {
    playMp4();
    return () => undefined;
  }
  if (video.canPlayType("application/vnd.apple.mpegurl")) {
    video.src = source.hls;
    return () => undefined;
  }
  let detach: (() => void) | null = null;
  let cancelled = false;
  import("hls.js/light")
    .then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        playMp4();
        return;
      }
      // At most 30 s ahead: hls.js would otherwise fetch a whole slide lecture (its byte budget is
      // 60 MB) in the first quality it picked, costing learners who leave early their data and
      // leaving nothing for the adaptive choice to act on when the connection changes.
      const hls = new Hls({ capLevelToPlayerSize: true, maxBufferLength: 30, maxMaxBufferLength: 30 });
      const list = new RenditionList((index) => {
        hls.currentLevel = index;
      });
      video.videoRenditions = list;
      hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        list.replace(
          data.levels.map((level, i) => ({
            id: String(i),
            width: level.width,
            height: level.height,
            bitrate: level.bitrate,
            selected: false,
          })),
        );
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A stream that cannot play (a missing segment, a codec) falls back to the original file.
        console.warn("HLS playback failed; playing the MP4 instead", data.type, data.details);
        const at = video.currentTime;
        hls.destroy();
        playMp4();
        if (at > 0) video.currentTime = at;
      });
      hls.loadSource(source.hls as string);
      hls.attachMedia(video);
      detach = () => hls.destroy();
    })
    .catch((error: unknown) => {
      console.warn("hls.js could not load; playing the MP4 instead", error);
      if (!cancelled) playMp4();
    });
  return () => {
    cancelled = true;
    detach?.();
  };
}
