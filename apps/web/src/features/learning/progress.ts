/**
 * Watched-time tracking of the lecture video. The player feeds `timeupdate`, `seeking`, `pause`
 * and `ended` into a WatchTracker; every ~10 s while playing, and on pause and end, the tracker's
 * ranges go to PUT /iu/lectures/:id/progress as `{ ranges: [[from, to]], position }`. The server
 * counts distinct seconds, so the ranges must be honest: a jump (seek, skipped part) closes the
 * range, and only time actually played is in one.
 */
export type Range = [number, number];

/** Sorted, merged ranges; ranges closer than `gap` seconds join, empty or reversed ones drop. */
export function mergeRanges(ranges: readonly Range[], gap = 0): Range[] {
  const sorted = ranges
    .filter(([from, to]) => Number.isFinite(from) && Number.isFinite(to) && to > from)
    .map(([from, to]): Range => [Math.max(0, from), to])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + gap) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Rounds to tenths of a second (reports stay small and readable). */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** The API accepts at most 100 ranges a report: merge the closest neighbours until it fits. */
export function capRanges(ranges: readonly Range[], max = 100): Range[] {
  let list = mergeRanges(ranges);
  while (list.length > max) {
    let best = 1;
    for (let i = 2; i < list.length; i++) {
      const gap = (list[i]?.[0] ?? 0) - (list[i - 1]?.[1] ?? 0);
      const bestGap = (list[best]?.[0] ?? 0) - (list[best - 1]?.[1] ?? 0);
      if (gap < bestGap) best = i;
    }
    // Dropping a gap would credit unwatched time, so the smaller range goes instead.
    const a = list[best - 1] as Range;
    const b = list[best] as Range;
    list = list.filter((_, i) => i !== (a[1] - a[0] < b[1] - b[0] ? best - 1 : best));
  }
  return list;
}

export type Report = { ranges: Range[]; position: number };

export class WatchTracker {
  private closed: Range[] = [];
  private start: number | null = null;
  private last = 0;
  private lastWall = 0;

  /** A `timeupdate`: extends the open range, or starts a new one after a jump. */
  time(position: number, playbackRate = 1, now = Date.now()) {
    if (!Number.isFinite(position)) return;
    if (this.start === null) {
      this.start = position;
    } else {
      // Between two updates the video can only have advanced by the wall time at its rate (plus slack
      // for late events); anything else is a jump that a `seeking` event did not announce.
      const elapsed = Math.max(0, now - this.lastWall) / 1000;
      const allowed = elapsed * Math.max(playbackRate, 1) * 1.5 + 1;
      const step = position - this.last;
      if (step < 0 || step > allowed) {
        this.close();
        this.start = position;
      }
    }
    this.last = position;
    this.lastWall = now;
  }

  /** A `seeking`: the range so far ends where playback was before the jump. */
  seek() {
    this.close();
  }

  /** `pause` / `ended`: the range ends at `position` (the last update may be a little behind). */
  stop(position: number) {
    if (this.start !== null && position >= this.last && position - this.last < 1.5) this.last = position;
    this.close();
  }

  private close() {
    if (this.start !== null && this.last > this.start) this.closed.push([this.start, this.last]);
    this.start = null;
  }

  /** Whether anything was watched since the last `take`. */
  get hasNews(): boolean {
    return this.closed.length > 0 || (this.start !== null && this.last > this.start);
  }

  /** The report to send now; an open range is cut here and keeps going from this point. */
  take(position: number): Report | null {
    const open = this.start;
    if (open !== null && this.last > open) {
      this.closed.push([open, this.last]);
      this.start = this.last;
    }
    if (this.closed.length === 0) return null;
    const ranges = capRanges(this.closed.map(([a, b]): Range => [tenth(a), tenth(b)]));
    this.closed = [];
    return { ranges, position: tenth(Math.max(0, position)) };
  }

  /** A report that failed to arrive: its ranges are sent again with the next one. */
  putBack(report: Report) {
    this.closed.push(...report.ranges);
  }
}

/** Where playback resumes: the saved position, unless it is (almost) the end, then the start. */
export function resumeAt(lastPosition: number, duration: number): number {
  if (!(lastPosition > 1) || !(duration > 0)) return 0;
  return lastPosition >= duration - 2 ? 0 : lastPosition;
}
