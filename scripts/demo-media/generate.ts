/**
 * Generates the demo titles' media (issue 24, point 5) into apps/api/src/seed/assets/demo/:
 * covers/<title>.jpg (SVG illustrations rasterised by ffmpeg's librsvg) and, per lecture,
 * original.mp4 (narrated slides), hls/ (the same renditions an upload gets: media/transcode.ts),
 * captions.en.vtt, captions.es.vtt and chapters.json (from the narration script, so exact).
 *
 * Needs Debian's `ffmpeg` (with librsvg) and `espeak-ng`: apt-get install -y ffmpeg espeak-ng.
 * Run: npx tsx scripts/demo-media/generate.ts [slug...]   (docs/catalog.md, "Demo content").
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { transcodeToHls } from "../../apps/api/src/media/transcode";
import { type Lecture, lectures } from "./content";
import { covers } from "./covers";

const root = path.resolve(import.meta.dirname, "../../apps/api/src/seed/assets/demo");
const FFMPEG = process.env.FFMPEG_PATH ?? "/usr/bin/ffmpeg";
const VOICE = "en-gb+f3";
const SENTENCE_GAP = 0.35;
const SLIDE_GAP = 0.8;

const ff = (...args: string[]) => execFileSync(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", ...args]);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Seconds of a 16-bit mono WAV (espeak-ng's output), from its header. */
function wavSeconds(file: string): number {
  const data = readFileSync(file);
  const rate = data.readUInt32LE(24);
  const bytesPerSecond = data.readUInt32LE(28);
  const dataAt = data.indexOf("data", 36);
  return data.readUInt32LE(dataAt + 4) / (bytesPerSecond || rate * 2);
}

function clock(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
}

function slideSvg(lecture: Lecture, index: number): string {
  const [bg, ink, accent] = lecture.palette;
  const slide = lecture.slides[index]!;
  const points = slide.points
    .map(
      (p, i) =>
        `<circle cx="110" cy="${352 + i * 92}" r="10" fill="${accent}"/><text x="140" y="${366 + i * 92}" font-family="DejaVu Sans${p.includes("(") || p.includes("=") ? " Mono" : ""}" font-size="44" fill="${ink}">${esc(p)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
<rect width="1280" height="720" fill="${bg}"/>
<circle cx="1180" cy="90" r="260" fill="${accent}" opacity="0.18"/>
<circle cx="1240" cy="660" r="140" fill="${accent}" opacity="0.12"/>
<rect x="80" y="110" width="90" height="10" rx="5" fill="${accent}"/>
<text x="80" y="215" font-family="DejaVu Sans" font-weight="bold" font-size="68" fill="${ink}">${esc(slide.title[0])}</text>
<text x="80" y="268" font-family="DejaVu Sans" font-style="italic" font-size="32" fill="${ink}" opacity="0.7">${esc(slide.title[1])}</text>
${points}
<text x="80" y="680" font-family="DejaVu Sans" font-size="22" fill="${ink}" opacity="0.55">Aprendo · ${index + 1} / ${lecture.slides.length}</text>
</svg>`;
}

async function makeLecture(lecture: Lecture) {
  const work = mkdtempSync(path.join(tmpdir(), `demo-${lecture.slug}-`));
  const out = path.join(root, lecture.slug);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, "hls"), { recursive: true });
  const audioList: string[] = [];
  const imageList: string[] = [];
  const cues: Array<{ start: number; end: number; en: string; es: string }> = [];
  const chapters: Array<{ title_en: string; title_es: string; start_seconds: number }> = [];
  const silence = (seconds: number) => {
    const file = path.join(work, `silence-${seconds}.wav`);
    ff("-f", "lavfi", "-i", "anullsrc=r=22050:cl=mono", "-t", String(seconds), "-c:a", "pcm_s16le", file);
    return file;
  };
  const sentenceGap = silence(SENTENCE_GAP);
  const slideGap = silence(SLIDE_GAP);
  let at = 0;
  for (const [index, slide] of lecture.slides.entries()) {
    const start = at;
    chapters.push({ title_en: slide.title[0], title_es: slide.title[1], start_seconds: Math.floor(start) });
    writeFileSync(path.join(work, `slide-${index}.svg`), slideSvg(lecture, index));
    ff("-i", path.join(work, `slide-${index}.svg`), path.join(work, `slide-${index}.png`));
    for (const [n, [en, es]] of slide.say.entries()) {
      const wav = path.join(work, `say-${index}-${n}.wav`);
      execFileSync("espeak-ng", ["-v", VOICE, "-s", "150", "-w", wav, en]);
      const seconds = wavSeconds(wav);
      cues.push({ start: at, end: at + seconds, en, es });
      audioList.push(wav, sentenceGap);
      at += seconds + SENTENCE_GAP;
    }
    audioList.push(slideGap);
    at += SLIDE_GAP;
    imageList.push(`file '${path.join(work, `slide-${index}.png`)}'`, `duration ${(at - start).toFixed(3)}`);
  }
  // The concat demuxer needs the last image again to hold its duration.
  imageList.push(`file '${path.join(work, `slide-${lecture.slides.length - 1}.png`)}'`);
  writeFileSync(path.join(work, "images.txt"), imageList.join("\n"));
  writeFileSync(path.join(work, "audio.txt"), audioList.map((f) => `file '${f}'`).join("\n"));
  const original = path.join(out, "original.mp4");
  ff(
    "-f", "concat", "-safe", "0", "-i", path.join(work, "images.txt"),
    "-f", "concat", "-safe", "0", "-i", path.join(work, "audio.txt"),
    "-vf", "fps=5,format=yuv420p", "-c:v", "libx264", "-tune", "stillimage", "-crf", "26",
    "-c:a", "aac", "-b:a", "48k", "-ac", "1", "-t", at.toFixed(3), "-movflags", "+faststart", original,
  ); // biome-ignore format: ffmpeg's arguments read best in pairs
  await transcodeToHls(FFMPEG, original, path.join(out, "hls"), {
    encode: { crf: 28, maxFps: 5, audioKbps: 48, audioChannels: 1, preset: "medium" },
  });
  for (const language of ["en", "es"] as const) {
    const body = cues.map((c, i) => `${i + 1}\n${clock(c.start)} --> ${clock(c.end)}\n${c[language]}\n`);
    writeFileSync(path.join(out, `captions.${language}.vtt`), `WEBVTT\n\n${body.join("\n")}`);
  }
  writeFileSync(path.join(out, "chapters.json"), `${JSON.stringify(chapters, null, 2)}\n`);
  rmSync(work, { recursive: true, force: true });
  console.log(`${lecture.slug}: ${at.toFixed(1)} s, ${cues.length} cues, ${chapters.length} chapters`);
}

function makeCovers() {
  const dir = path.join(root, "covers");
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "demo-covers-"));
  for (const [slug, svg] of Object.entries(covers)) {
    const file = path.join(work, `${slug}.svg`);
    writeFileSync(file, svg);
    ff("-i", file, "-q:v", "4", path.join(dir, `${slug}.jpg`));
  }
  rmSync(work, { recursive: true, force: true });
  console.log(`covers: ${Object.keys(covers).join(", ")}`);
}

const only = process.argv.slice(2);
if (only.length === 0 || only.includes("covers")) makeCovers();
for (const lecture of lectures)
  if (only.length === 0 || only.includes(lecture.slug)) await makeLecture(lecture);
