/**
 * Distinct watched seconds as sorted, merged, half-open ranges of whole seconds `[from, to)`.
 * Second s counts once it lies in a reported range; watching it again adds nothing, and a part
 * that was skipped is simply in no range.
 */
export type Ranges = Array<[number, number]>;

export function mergeRanges(ranges: Ranges): Ranges {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: Ranges = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Reported ranges (seconds, possibly fractional) -> whole seconds within the video, merged. */
export function normalizeReport(ranges: ReadonlyArray<readonly [number, number]>, duration: number): Ranges {
  return mergeRanges(
    ranges.map(([from, to]): [number, number] => [
      Math.max(0, Math.floor(from)),
      Math.min(duration, Math.round(to)),
    ]),
  );
}

export const totalSeconds = (ranges: Ranges) => ranges.reduce((sum, [a, b]) => sum + (b - a), 0);

/** The parts of `ranges` not covered by `covered` (both merged). */
export function subtractRanges(ranges: Ranges, covered: Ranges): Ranges {
  const out: Ranges = [];
  for (const [a, b] of ranges) {
    let start = a;
    for (const [c, d] of covered) {
      if (d <= start || c >= b) continue;
      if (c > start) out.push([start, c]);
      start = Math.max(start, d);
      if (start >= b) break;
    }
    if (start < b) out.push([start, b]);
  }
  return out;
}

/** The first `seconds` seconds of `ranges`, in order. */
export function takeSeconds(ranges: Ranges, seconds: number): Ranges {
  const out: Ranges = [];
  let left = Math.max(0, Math.floor(seconds));
  for (const [a, b] of ranges) {
    if (left <= 0) break;
    const end = Math.min(b, a + left);
    out.push([a, end]);
    left -= end - a;
  }
  return out;
}
