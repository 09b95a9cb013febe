/**
 * One video to HLS with ffmpeg: a rendition per height of the ladder (360p,
 * 720p, and the source's own height when higher; never upscaled), fMP4 segments of about 4 s, a
 * master playlist, a poster frame and a thumbnail sprite with its WebVTT (`#xywh=` cues) for
 * seeking. Files land flat in one folder, so every URI in the playlists is a bare file name and a
 * player resolves it beside the playlist (the access check rides on the folder's URL).
 *
 * CPU: each ffmpeg runs with `-threads 1` at a lower priority (nice 10) and one rendition after
 * another, so a transcode takes one core at most and yields it to requests.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { setPriority } from "node:os";
import path from "node:path";

export type SourceInfo = {
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
};

/** Encoder settings; the defaults suit uploads, the demo content generator asks for smaller files. */
export type EncodeOptions = {
  /** x264 constant quality (lower is better); capped by each height's `maxrate`. */
  crf: number;
  /** Frames per second at most (slides need few). */
  maxFps: number;
  audioKbps: number;
  audioChannels: 1 | 2;
  preset: "veryfast" | "medium" | "slow";
};

export const defaultEncode: EncodeOptions = {
  crf: 23,
  maxFps: 30,
  audioKbps: 96,
  audioChannels: 2,
  preset: "veryfast",
};

export const SEGMENT_SECONDS = 4;
const LADDER = [360, 720];
const MAX_HEIGHT = 2160;
const SPRITE_COLUMNS = 10;
const THUMB_WIDTH = 160;

/** The heights to make: the ladder's up to the source's, plus the source's own when above them. */
export function heightsFor(sourceHeight: number): number[] {
  const source = Math.min(MAX_HEIGHT, sourceHeight - (sourceHeight % 2));
  const below = LADDER.filter((h) => h <= source);
  return below.length === 0 || source > below[below.length - 1]! ? [...below, source] : below;
}

const evenWidth = (height: number, source: SourceInfo) =>
  Math.max(2, 2 * Math.round((height * source.width) / source.height / 2));

/** H.264 Main at the lowest level the height fits, as `-level` and as the CODECS attribute. */
function levelFor(height: number): { level: string; codec: string } {
  if (height <= 360) return { level: "3.0", codec: "avc1.4d401e" };
  if (height <= 720) return { level: "3.1", codec: "avc1.4d401f" };
  if (height <= 1080) return { level: "4.0", codec: "avc1.4d4028" };
  return { level: "5.1", codec: "avc1.4d4033" };
}

const maxrateKbps = (height: number) =>
  height <= 360 ? 800 : height <= 720 ? 2_500 : height <= 1080 ? 5_000 : 12_000;

export class FfmpegError extends Error {}

/** The node began to stop during the transcode: its ffmpeg was stopped and the job runs again later. */
export class TranscodeStopped extends Error {
  constructor() {
    super("the node stopped during the transcode");
  }
}

/**
 * Runs ffmpeg; `onSeconds` gets the output time reported by `-progress`. Rejects with ffmpeg's
 * last error lines (what the author sees in the editor, shortened), or with TranscodeStopped once
 * `signal` aborted and ffmpeg has ended (Node sends it SIGTERM).
 */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  options: { cwd?: string; onSeconds?: (seconds: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      ["-hide_banner", "-nostdin", "-y", ...(options.onSeconds ? ["-progress", "pipe:1"] : []), ...args],
      { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"], signal: options.signal },
    );
    // Lower priority, as `nice -n 10` would: requests on the same node come first.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted on this system: ffmpeg runs at normal priority, still on one thread.
      }
    }
    let stderr = "";
    let pending = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        // `out_time=HH:MM:SS.micro` in every ffmpeg since 2.x (out_time_ms was microseconds, renamed later).
        const match = /^out_time=(\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(line);
        if (match && options.onSeconds)
          options.onSeconds(Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]));
      }
    });
    child.on("error", (error) => {
      // Stopped by the signal: 'close' follows once ffmpeg has ended, and says so.
      if (options.signal?.aborted && child.pid !== undefined) return;
      reject(
        options.signal?.aborted
          ? new TranscodeStopped()
          : new FfmpegError(`ffmpeg did not start: ${error.message}`),
      );
    });
    child.on("close", (code, signal) => {
      if (options.signal?.aborted) return reject(new TranscodeStopped());
      if (code === 0) return resolve(stderr);
      const last = stderr
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("Cannot use rename"))
        .slice(-3)
        .join(" / ");
      reject(new FfmpegError(last || `ffmpeg stopped (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Duration, size, frame rate and audio of a file, read from `ffmpeg -i` (no ffprobe in the npm build). */
export async function probeSource(ffmpeg: string, file: string): Promise<SourceInfo> {
  // `-i` alone exits 1 ("At least one output file must be specified") after printing the streams.
  const text = await runFfmpeg(ffmpeg, ["-i", file, "-f", "null", "-t", "0", "-"]).catch((error: Error) => {
    throw new FfmpegError(`not a readable video (${error.message})`);
  });
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(text);
  const video = /Stream #[^\n]*Video:[^\n]*?(\d{2,5})x(\d{2,5})/.exec(text);
  if (!duration || !video) throw new FfmpegError("not a readable video (no video stream or duration)");
  const fps = /Stream #[^\n]*Video:[^\n]*?([\d.]+) fps/.exec(text);
  return {
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    width: Number(video[1]),
    height: Number(video[2]),
    fps: fps ? Number(fps[1]) : 25,
    hasAudio: /Stream #[^\n]*Audio:/.test(text),
  };
}

/** Seconds between two thumbnails: one every 2 s for short videos, at most ~100 for long ones. */
export const thumbnailInterval = (duration: number) => Math.max(2, Math.ceil(duration / 100));

function clock(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT of the sprite: one cue per thumbnail, `thumbs.jpg#xywh=x,y,w,h`. */
export function thumbnailsVtt(duration: number, interval: number, width: number, height: number): string {
  const count = Math.max(1, Math.ceil(duration / interval));
  const cues = ["WEBVTT", ""];
  for (let k = 0; k < count; k++) {
    const x = (k % SPRITE_COLUMNS) * width;
    const y = Math.floor(k / SPRITE_COLUMNS) * height;
    cues.push(`${clock(k * interval)} --> ${clock(Math.min((k + 1) * interval, duration))}`);
    cues.push(`thumbs.jpg#xywh=${x},${y},${width},${height}`, "");
  }
  return cues.join("\n");
}

/** Peak and average bits per second of a variant, from its playlist's segment durations and sizes. */
async function bandwidthOf(dir: string, playlist: string): Promise<{ peak: number; average: number }> {
  const lines = (await readFile(path.join(dir, playlist), "utf8")).split("\n");
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (let i = 0; i < lines.length; i++) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const uri = lines[i + 1]?.trim();
    if (!extinf || !uri) continue;
    const duration = Math.max(0.1, Number(extinf[1]));
    const size = (await stat(path.join(dir, uri))).size * 8;
    peak = Math.max(peak, size / duration);
    bits += size;
    seconds += duration;
  }
  return { peak: Math.ceil(peak), average: Math.ceil(bits / Math.max(seconds, 0.1)) };
}

/**
 * Transcodes `input` into `outDir` (which must exist and be empty). `onProgress` gets 0..1 over
 * every rendition and the thumbnails. Returns the heights made and every file written. `signal`
 * stops the ffmpeg running and rejects with TranscodeStopped.
 */
export async function transcodeToHls(
  ffmpeg: string,
  input: string,
  outDir: string,
  {
    onProgress = () => {},
    encode = defaultEncode,
    signal,
  }: { onProgress?: (fraction: number) => void; encode?: EncodeOptions; signal?: AbortSignal } = {},
): Promise<{ heights: number[]; files: string[]; source: SourceInfo }> {
  const source = await probeSource(ffmpeg, input);
  if (source.durationSeconds <= 0) throw new FfmpegError("the video has no duration");
  const heights = heightsFor(source.height);
  const steps = heights.length + 1;
  const fps = Math.min(encode.maxFps, source.fps || encode.maxFps);

  for (const [index, height] of heights.entries()) {
    const name = `${height}p`;
    const { level } = levelFor(height);
    const rate = maxrateKbps(height);
    await runFfmpeg(
      ffmpeg,
      [
        "-threads",
        "1",
        "-i",
        input,
        "-map",
        "0:v:0",
        ...(source.hasAudio ? ["-map", "0:a:0"] : []),
        "-vf",
        `scale=${evenWidth(height, source)}:${height}`,
        "-r",
        String(fps),
        "-c:v",
        "libx264",
        "-preset",
        encode.preset,
        "-profile:v",
        "main",
        "-level:v",
        level,
        "-pix_fmt",
        "yuv420p",
        "-crf",
        String(encode.crf),
        "-maxrate",
        `${rate}k`,
        "-bufsize",
        `${rate * 2}k`,
        // A key frame every segment, so each segment starts clean and seeking lands on its start.
        "-force_key_frames",
        `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
        "-sc_threshold",
        "0",
        ...(source.hasAudio
          ? ["-c:a", "aac", "-b:a", `${encode.audioKbps}k`, "-ac", String(encode.audioChannels)]
          : []),
        "-f",
        "hls",
        "-hls_time",
        String(SEGMENT_SECONDS),
        "-hls_playlist_type",
        "vod",
        "-hls_segment_type",
        "fmp4",
        "-hls_fmp4_init_filename",
        `${name}_init.mp4`,
        "-hls_segment_filename",
        `${name}_%03d.m4s`,
        `${name}.m3u8`,
      ],
      {
        cwd: outDir,
        onSeconds: (seconds) => onProgress((index + Math.min(1, seconds / source.durationSeconds)) / steps),
        signal,
      },
    );
    onProgress((index + 1) / steps);
  }

  // The poster: a frame a little in (the first is often black), at most 720 high.
  await runFfmpeg(
    ffmpeg,
    [
      "-threads",
      "1",
      "-ss",
      String(Math.min(2, source.durationSeconds / 3)),
      "-i",
      input,
      "-frames:v",
      "1",
      "-vf",
      `scale=${evenWidth(Math.min(720, source.height), source)}:${Math.min(720, source.height - (source.height % 2))}`,
      "-q:v",
      "4",
      path.join(outDir, "poster.jpg"),
    ],
    { signal },
  );

  const interval = thumbnailInterval(source.durationSeconds);
  const count = Math.max(1, Math.ceil(source.durationSeconds / interval));
  const thumbHeight = Math.max(2, 2 * Math.round((THUMB_WIDTH * source.height) / source.width / 2));
  await runFfmpeg(
    ffmpeg,
    [
      "-threads",
      "1",
      "-i",
      input,
      "-vf",
      `fps=1/${interval},scale=${THUMB_WIDTH}:${thumbHeight},tile=${SPRITE_COLUMNS}x${Math.ceil(count / SPRITE_COLUMNS)}`,
      "-frames:v",
      "1",
      "-q:v",
      "6",
      path.join(outDir, "thumbs.jpg"),
    ],
    { signal },
  );
  await writeFile(
    path.join(outDir, "thumbs.vtt"),
    thumbnailsVtt(source.durationSeconds, interval, THUMB_WIDTH, thumbHeight),
  );

  const master = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const height of heights) {
    const { peak, average } = await bandwidthOf(outDir, `${height}p.m3u8`);
    const codecs = [levelFor(height).codec, ...(source.hasAudio ? ["mp4a.40.2"] : [])].join(",");
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=${evenWidth(height, source)}x${height},FRAME-RATE=${fps.toFixed(3)},CODECS="${codecs}"`,
      `${height}p.m3u8`,
    );
  }
  await writeFile(path.join(outDir, "master.m3u8"), `${master.join("\n")}\n`);
  onProgress(1);
  return { heights, files: (await readdir(outDir)).sort(), source };
}
