import { describe, expect, it } from "vitest";
import { addDays, streakWeeks, weekStartOf } from "./activity.service";

describe("weeks", () => {
  it("start on Monday (UTC), also across a month and a year", () => {
    expect(weekStartOf("2026-11-26")).toBe("2026-11-23"); // a Thursday
    expect(weekStartOf("2026-11-23")).toBe("2026-11-23"); // the Monday itself
    expect(weekStartOf("2026-11-29")).toBe("2026-11-23"); // the Sunday ends it
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
  });
});

describe("streak of weeks meeting the goal", () => {
  const weeks = (entries: Record<string, number>) =>
    new Map(Object.entries(entries).map(([week, minutes]) => [week, minutes * 60]));

  it("counts back from last week across the new year, and adds this week once met", () => {
    const history = weeks({ "2026-12-21": 60, "2026-12-28": 75, "2027-01-04": 30 });
    expect(streakWeeks(history, 60, "2027-01-11")).toBe(0); // last week (4 Jan) fell short
    expect(streakWeeks(history, 60, "2027-01-04")).toBe(2); // this week not met yet: the streak lives on
    expect(
      streakWeeks(
        weeks({ ...Object.fromEntries([["2027-01-04", 60]]), "2026-12-28": 75, "2026-12-21": 60 }),
        60,
        "2027-01-04",
      ),
    ).toBe(3);
  });

  it("is broken by one week short of the goal, even by a minute", () => {
    const history = weeks({ "2026-11-02": 60, "2026-11-09": 59, "2026-11-16": 60 });
    expect(streakWeeks(history, 60, "2026-11-23")).toBe(1);
    expect(streakWeeks(new Map(), 60, "2026-11-23")).toBe(0);
  });
});
