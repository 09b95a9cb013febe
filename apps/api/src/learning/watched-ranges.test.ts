import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeRanges, normalizeReport, subtractRanges, takeSeconds, totalSeconds } from "./watched-ranges";

describe("distinct watched seconds", () => {
  it("merges overlapping and touching ranges, so seconds watched twice count once", () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 30],
      ]),
    ).toEqual([
      [0, 8],
      [10, 30],
    ]);
    expect(
      totalSeconds(
        mergeRanges([
          [0, 10],
          [0, 10],
          [5, 10],
        ]),
      ),
    ).toBe(10);
  });

  it("clamps reports to the video and rounds to whole seconds", () => {
    expect(
      normalizeReport(
        [
          [-3, 4.6],
          [58.2, 75],
        ],
        60,
      ),
    ).toEqual([
      [0, 5],
      [58, 60],
    ]);
    expect(normalizeReport([[30, 10]], 60)).toEqual([]);
  });

  it("subtracts what was already watched", () => {
    expect(
      subtractRanges(
        [[0, 30]],
        [
          [5, 10],
          [20, 25],
        ],
      ),
    ).toEqual([
      [0, 5],
      [10, 20],
      [25, 30],
    ]);
    expect(subtractRanges([[0, 10]], [[0, 10]])).toEqual([]);
  });

  it("takes the first seconds of a list of ranges", () => {
    expect(
      takeSeconds(
        [
          [0, 5],
          [10, 20],
        ],
        8,
      ),
    ).toEqual([
      [0, 5],
      [10, 13],
    ]);
  });

  it("never counts more distinct seconds than the video has", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.float({ min: -10, max: 400, noNaN: true }),
            fc.float({ min: -10, max: 400, noNaN: true }),
          ),
        ),
        fc.integer({ min: 0, max: 300 }),
        (ranges, duration) => {
          const merged = normalizeReport(ranges, duration);
          const total = totalSeconds(merged);
          expect(total).toBeLessThanOrEqual(duration);
          expect(totalSeconds(mergeRanges([...merged, ...merged]))).toBe(total);
        },
      ),
    );
  });
});
