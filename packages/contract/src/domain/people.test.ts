import { describe, expect, it } from "vitest";
import { ageOn, greetingPart, initialsOf, isChild } from "./people";

describe("child rule", () => {
  const today = new Date("2026-11-22T10:00:00Z");
  it("is a child the day before the 13th birthday and not on it", () => {
    expect(isChild("2013-11-23", today)).toBe(true);
    expect(isChild("2013-11-22", today)).toBe(false);
  });
  it("computes whole years", () => {
    expect(ageOn("1990-12-01", today)).toBe(35);
  });
  it("treats a missing date of birth as an adult", () => {
    expect(isChild(null, today)).toBe(false);
  });
});

describe("greeting", () => {
  it.each([
    [0, "morning"],
    [11, "morning"],
    [12, "afternoon"],
    [17, "afternoon"],
    [18, "evening"],
    [23, "evening"],
  ] as const)("at %i h says %s", (hour, part) => {
    expect(greetingPart(hour)).toBe(part);
  });
});

describe("avatar initials", () => {
  it("takes the first letters of the two parts split by an underscore", () => {
    expect(initialsOf("ana_lopez")).toBe("AL");
  });
  it("falls back to the first letter", () => {
    expect(initialsOf("admin")).toBe("A");
  });
});
