import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatMoney,
  formatMonthYear,
  formatNumber,
  formatShortDate,
  poundsToPence,
  relativeTime,
} from "./format";

describe("money and numbers", () => {
  it("shows pence as pounds with two decimals in each language", () => {
    expect(formatMoney(1299, "en")).toBe("£12.99");
    expect(formatMoney(1299, "es")).toMatch(/^12,99\s£$/);
    expect(formatMoney(123456, "en")).toBe("£1,234.56");
    expect(formatMoney(123456, "es")).toMatch(/1234,56|1\.234,56/);
    expect(formatMoney(2000, "en")).toBe("£20.00");
  });

  it("reads amounts sent in pounds as whole pence", () => {
    expect(poundsToPence(29.99)).toBe(2999);
    expect(formatMoney(poundsToPence(0.1 + 0.2), "en")).toBe("£0.30");
  });

  it("groups numbers the reader's way", () => {
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatNumber(12345, "es")).toMatch(/12\.345/);
  });
});

describe("dates", () => {
  const date = new Date(2026, 10, 22, 14, 5);
  it("formats in the British style in both languages", () => {
    expect(formatDate(date, "en")).toBe("22 Nov 2026");
    expect(formatShortDate(date, "en")).toBe("22/11/2026");
    expect(formatDateTime(date, "en")).toBe("22 Nov 2026, 14:05");
    expect(formatDate(date, "es")).toBe("22 nov 2026");
    // The browser's own locale would read "Nov 25, 2026, 7:40 PM"; both languages keep day-month-year, 24 h.
    expect(formatDateTime(new Date(2026, 10, 25, 19, 40), "en")).toBe("25 Nov 2026, 19:40");
    expect(formatDateTime(new Date(2026, 10, 25, 19, 40), "es")).toBe("25 nov 2026, 19:40");
    expect(formatLongDate(date, "en")).toBe("22 November 2026");
    expect(formatLongDate(date, "es")).toBe("22 de noviembre de 2026");
    expect(formatDayMonth("2026-11-22", "en")).toBe("22 Nov");
    expect(formatMonthYear("2026-11", "es")).toBe("nov 26");
  });

  it("is the only date, money and number formatter of the web app (the Biome plugin tools/biome/no-ad-hoc-date-format.grit bans the rest)", () => {
    const root = join(__dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.tsx?$/.test(name) &&
          !name.includes(".test.") &&
          !path.endsWith(join("lib", "format.ts")) &&
          !path.endsWith(join("lib", "fileSize.ts"))
        ) {
          const text = readFileSync(path, "utf8");
          if (/\.toLocale(Date|Time)?String\(|new Intl\.(DateTimeFormat|NumberFormat)\(/.test(text))
            offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
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
