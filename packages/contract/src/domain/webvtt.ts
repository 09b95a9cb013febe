/**
 * A WebVTT reader small enough for both sides: the API validates uploaded caption files with it
 * (the error names the line, so an author can fix the file), and the player's transcript panel
 * reads the cues. It follows the W3C syntax for what captions use: the "WEBVTT" signature, blocks
 * separated by blank lines, NOTE/STYLE/REGION blocks, an optional cue identifier, the timing line
 * `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]` and the cue text (tags are dropped for the text).
 */

export type VttCue = { start: number; end: number; text: string };
/** A message key of the catalogue (`captions.*`) and its parameters. */
export type VttProblem = { key: string; params: Record<string, number> };
export type VttResult = { ok: true; cues: VttCue[] } | { ok: false; problem: VttProblem };

const TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Seconds of a WebVTT timestamp, or null when it is not one. */
export function vttSeconds(stamp: string): number | null {
  const m = TIME.exec(stamp);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  nbsp: " ",
  lrm: "",
  rlm: "",
  quot: '"',
};

/** The words of a cue: tags (<v Ana>, <i>, timestamps) dropped, entities decoded, lines joined. */
export function cueText(payload: string): string {
  return payload
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot);/g, (_, name: string) => entities[name] ?? "")
    .replace(/\s*\n\s*/g, " ")
    .trim();
}

/**
 * Reads a WebVTT file. `duration` (seconds, when known) makes a cue ending after the video a
 * problem (one second of slack: durations are rounded).
 */
export function parseWebVtt(source: string, duration?: number): VttResult {
  const lines = source.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const fail = (key: string, params: Record<string, number> = {}): VttResult => ({
    ok: false,
    problem: { key, params },
  });
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) return fail("captions.signature");
  let i = 1;
  // The header runs to the first blank line.
  while (i < lines.length && lines[i]?.trim() !== "") i++;
  const cues: VttCue[] = [];
  while (i < lines.length) {
    while (i < lines.length && lines[i]?.trim() === "") i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]?.trim() !== "") block.push(lines[i++] as string);
    const first = block[0] as string;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes("-->")) continue;
    const timingAt = first.includes("-->") ? 0 : 1;
    const timing = block[timingAt];
    const lineNo = blockStart + timingAt + 1;
    // Neither the first nor the second line times the cue: the block starts where it goes wrong.
    if (timing === undefined || !timing.includes("-->"))
      return fail("captions.timing", { line: blockStart + 1 });
    const [left, right] = timing.split("-->") as [string, string];
    const start = vttSeconds(left.trim());
    const end = vttSeconds(right.trim().split(/[ \t]+/)[0] ?? "");
    if (start === null || end === null) return fail("captions.timing", { line: lineNo });
    if (end <= start) return fail("captions.order", { line: lineNo });
    if (duration !== undefined && duration > 0 && end > duration + 1)
      return fail("captions.afterEnd", { line: lineNo, duration: Math.round(duration) });
    cues.push({ start, end, text: cueText(block.slice(timingAt + 1).join("\n")) });
  }
  if (cues.length === 0) return fail("captions.empty");
  return { ok: true, cues };
}
