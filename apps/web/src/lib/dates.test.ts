import { describe, expect, it, vi } from "vitest";
import { formatDate, formatDateTime, formatShortDate, relativeTime } from "./dates";

describe("dates", () => {
  const date = new Date(2026, 10, 22, 14, 5);
  it("formats in the British style in both languages", () => {
    expect(formatDate(date, "en")).toBe("22 Nov 2026");
    expect(formatShortDate(date, "en")).toBe("22/11/2026");
    expect(formatDateTime(date, "en")).toBe("22 Nov 2026, 14:05");
    expect(formatDate(date, "es")).toBe("22 nov 2026");
  });

  it("says relative times without the word about", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 16, 0));
    expect(relativeTime(new Date(2026, 10, 22, 14, 50), "en")).toBe("1 hour ago");
    expect(relativeTime(new Date(2026, 10, 22, 15, 55), "en")).toBe("5 minutes ago");
    expect(relativeTime(new Date(2026, 10, 22, 15, 59, 50), "en")).toBe("just now");
    expect(relativeTime(new Date(2026, 10, 20, 16, 0), "es")).toBe("hace 2 días");
    vi.useRealTimers();
  });

  it("answers an empty text for an invalid date", () => {
    expect(formatDate("nonsense", "en")).toBe("");
    expect(relativeTime("nonsense", "en")).toBe("");
  });
});
