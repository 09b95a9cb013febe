import { describe, expect, it } from "vitest";
import { formatDuration, normaliseTag, ticketNumber } from "./logic";

const t = (key: string, params?: Record<string, unknown>) =>
  `${key.split(".").pop()}:${JSON.stringify(params ?? {})}`;

describe("helpdesk logic", () => {
  it("formats durations from seconds", () => {
    expect(formatDuration(30, t)).toBe("lessThanMinute:{}");
    expect(formatDuration(42 * 60, t)).toBe('minutes:{"m":42}');
    expect(formatDuration(3 * 3600 + 5 * 60, t)).toBe('hours:{"h":3,"m":5}');
    expect(formatDuration(2 * 86400 + 4 * 3600, t)).toBe('days:{"d":2,"h":4}');
  });

  it("reads ticket numbers the way the desk search does", () => {
    expect(ticketNumber("TCK-000042")).toBe(42);
    expect(ticketNumber(" #7 ")).toBe(7);
    expect(ticketNumber("abc")).toBeNull();
    expect(normaliseTag("  Billing ")).toBe("billing");
  });
});
