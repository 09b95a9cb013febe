import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capRanges, mergeRanges, type Range, resumeAt, WatchTracker } from "./progress";

/** Feeds timeupdates every 250 ms of wall time from `from` to `to` at `rate`. */
function play(tracker: WatchTracker, from: number, to: number, rate = 1, start = 0): number {
  let now = start;
  for (let t = from; t < to; t += 0.25 * rate) {
    tracker.time(Math.min(t, to), rate, now);
    now += 250;
  }
  tracker.time(to, rate, now);
  return now;
}

describe("range merging", () => {
  it("sorts, joins overlapping and touching ranges and drops empty ones", () => {
    expect(
      mergeRanges([
        [5, 8],
        [0, 2],
        [2, 3],
        [7, 10],
        [4, 4],
        [6, 5],
      ]),
    ).toEqual([
      [0, 3],
      [5, 10],
    ]);
  });

  it("never covers a second that no input range covered", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))),
        (input) => {
          const ranges = input as Range[];
          const merged = mergeRanges(ranges);
          for (let s = 0; s < 100; s++) {
            const inInput = ranges.some(([a, b]) => b > a && s >= a && s + 1 <= b);
            const inMerged = merged.some(([a, b]) => s >= a && s + 1 <= b);
            expect(inMerged).toBe(inInput);
          }
          for (let i = 1; i < merged.length; i++) expect(merged[i]![0]).toBeGreaterThan(merged[i - 1]![1]);
        },
      ),
    );
  });

  it("keeps reports under the API's 100 ranges without crediting gaps", () => {
    const many: Range[] = Array.from({ length: 150 }, (_, i) => [i * 10, i * 10 + 1 + (i % 3)]);
    const capped = capRanges(many);
    expect(capped.length).toBe(100);
    for (const [a, b] of capped) expect(many.some(([c, d]) => a === c && b === d)).toBe(true);
  });
});

describe("the watch tracker", () => {
  it("reports one range for a continuous play and cuts it at each report", () => {
    const tracker = new WatchTracker();
    const now = play(tracker, 0, 10);
    expect(tracker.take(10)).toEqual({ ranges: [[0, 10]], position: 10 });
    play(tracker, 10, 14, 1, now);
    expect(tracker.take(14)).toEqual({ ranges: [[10, 14]], position: 14 });
    expect(tracker.take(14)).toBeNull();
  });

  it("leaves a skipped part out (seeking ahead)", () => {
    const tracker = new WatchTracker();
    const now = play(tracker, 0, 3);
    tracker.seek();
    play(tracker, 12, 15, 1, now + 100);
    tracker.stop(15);
    expect(tracker.take(15)?.ranges).toEqual([
      [0, 3],
      [12, 15],
    ]);
  });

  it("treats an unannounced jump as a skip", () => {
    const tracker = new WatchTracker();
    tracker.time(0, 1, 0);
    tracker.time(0.25, 1, 250);
    tracker.time(60, 1, 500);
    tracker.time(60.25, 1, 750);
    expect(tracker.take(60.25)?.ranges).toEqual([
      [0, 0.3],
      [60, 60.3],
    ]);
  });

  it("credits fast playback (16x) as long as the wall clock allows it", () => {
    const tracker = new WatchTracker();
    play(tracker, 0, 15, 16);
    tracker.stop(15);
    expect(tracker.take(15)).toEqual({ ranges: [[0, 15]], position: 15 });
  });

  it("ends the range at the pause position", () => {
    const tracker = new WatchTracker();
    play(tracker, 0, 4.8);
    tracker.stop(5);
    expect(tracker.take(5)?.ranges).toEqual([[0, 5]]);
    expect(tracker.hasNews).toBe(false);
  });

  it("sends a failed report again with the next one", () => {
    const tracker = new WatchTracker();
    const now = play(tracker, 0, 5);
    const first = tracker.take(5);
    expect(first).not.toBeNull();
    tracker.putBack(first!);
    play(tracker, 5, 8, 1, now);
    expect(tracker.take(8)?.ranges).toEqual([[0, 8]]);
  });

  it("counts a rewatched part once in a report", () => {
    const tracker = new WatchTracker();
    const now = play(tracker, 0, 6);
    tracker.seek();
    play(tracker, 2, 8, 1, now + 50);
    expect(tracker.take(8)?.ranges).toEqual([[0, 8]]);
  });
});

describe("resuming", () => {
  it("resumes at the saved position, or from the start near the end", () => {
    expect(resumeAt(0, 100)).toBe(0);
    expect(resumeAt(42, 100)).toBe(42);
    expect(resumeAt(99, 100)).toBe(0);
    expect(resumeAt(0.5, 100)).toBe(0);
    expect(resumeAt(10, 0)).toBe(0);
  });
});
