import { describe, expect, it } from "vitest";
import {
  eventFileName,
  eventsInMonth,
  eventsOnDay,
  fromLocalInput,
  gridRange,
  icalFileName,
  monthGrid,
  monthRange,
  parseMonth,
  shiftMonth,
  toLocalInput,
} from "./logic";

describe("month grid", () => {
  it("starts on Monday and covers whole weeks: July 2026 starts on a Wednesday", () => {
    const weeks = monthGrid({ year: 2026, month: 7 });
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]?.[0]).toEqual({ day: "2026-06-29", date: 29, inMonth: false });
    expect(weeks[0]?.[2]).toEqual({ day: "2026-07-01", date: 1, inMonth: true });
    expect(weeks[4]?.[6]).toEqual({ day: "2026-08-02", date: 2, inMonth: false });
  });

  it("handles a February of four exact weeks and leap years", () => {
    const feb2027 = monthGrid({ year: 2027, month: 2 }); // 1 Feb 2027 is a Monday, 28 days
    expect(feb2027).toHaveLength(4);
    expect(feb2027[0]?.[0]?.day).toBe("2027-02-01");
    expect(feb2027[3]?.[6]?.day).toBe("2027-02-28");
    const feb2028 = monthGrid({ year: 2028, month: 2 })
      .flat()
      .filter((d) => d.inMonth);
    expect(feb2028).toHaveLength(29);
  });

  it("always lists every day of the month exactly once", () => {
    for (let month = 1; month <= 12; month++) {
      const days = monthGrid({ year: 2026, month })
        .flat()
        .filter((d) => d.inMonth)
        .map((d) => d.date);
      expect(days[0]).toBe(1);
      expect(new Set(days).size).toBe(days.length);
      expect(days.length).toBe(new Date(Date.UTC(2026, month, 0)).getUTCDate());
    }
  });

  it("asks the server for the whole grid, one day wider for time zones", () => {
    expect(gridRange({ year: 2026, month: 7 })).toEqual({ from: "2026-06-28", to: "2026-08-03" });
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("moves between months across years and reads the month from the address", () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(parseMonth("2026-07")).toEqual({ year: 2026, month: 7 });
    expect(parseMonth("2026-13", new Date(2030, 4, 2))).toEqual({ year: 2030, month: 5 });
    expect(parseMonth(null, new Date(2030, 4, 2))).toEqual({ year: 2030, month: 5 });
  });
});

describe("events on the calendar", () => {
  const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
  const week = { id: 1, starts_at: at(2026, 7, 8, 9), ends_at: at(2026, 7, 14, 18) };
  const fair = { id: 2, starts_at: at(2026, 7, 20, 10), ends_at: at(2026, 7, 20, 16) };
  const spanning = { id: 3, starts_at: at(2026, 6, 29), ends_at: at(2026, 7, 2) };

  it("shows an event on each of its days", () => {
    expect(eventsOnDay([week, fair], "2026-07-08").map((e) => e.id)).toEqual([1]);
    expect(eventsOnDay([week, fair], "2026-07-14").map((e) => e.id)).toEqual([1]);
    expect(eventsOnDay([week, fair], "2026-07-15")).toEqual([]);
    expect(eventsOnDay([week, fair], "2026-07-20").map((e) => e.id)).toEqual([2]);
  });

  it("lists the month's events in start order, including ones that began the month before", () => {
    expect(eventsInMonth([fair, week, spanning], { year: 2026, month: 7 }).map((e) => e.id)).toEqual([
      3, 1, 2,
    ]);
    expect(eventsInMonth([fair, week], { year: 2026, month: 8 })).toEqual([]);
  });
});

describe("names and inputs", () => {
  it("names the iCalendar file after the brand, the month and the filter", () => {
    expect(icalFileName("Aprendo", { year: 2026, month: 7 }, "all")).toBe("aprendo-events-2026-07.ics");
    expect(icalFileName("Aprendo", { year: 2026, month: 7 }, "national")).toBe(
      "aprendo-events-2026-07-national.ics",
    );
    expect(icalFileName("Escuela Española", { year: 2026, month: 12 }, "global")).toBe(
      "escuela-espanola-events-2026-12-global.ics",
    );
    expect(eventFileName("Aprendo", 12)).toBe("aprendo-event-12.ics");
    expect(icalFileName("!!!", { year: 2026, month: 1 }, "all")).toBe("calendar-events-2026-01.ics");
  });

  it("converts between datetime-local values and ISO moments", () => {
    const iso = fromLocalInput("2026-07-08T09:30");
    expect(iso).toBe(new Date(2026, 6, 8, 9, 30).toISOString());
    expect(toLocalInput(iso ?? "")).toBe("2026-07-08T09:30");
    expect(fromLocalInput("")).toBeUndefined();
    expect(toLocalInput("nonsense")).toBe("");
  });
});
