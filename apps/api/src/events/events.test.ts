import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { userProfiles } from "../db/schema/index";
import { escapeText, foldLine } from "./events.ical";

let t: TestApp;
let manager: BuiltUser;
let learner: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  manager = await buildAdmin(t, ["isEventManager"]);
  learner = await buildLearner(t);
  await t.deps.db.update(userProfiles).set({ country: "GB" }).where(eq(userProfiles.userId, learner.id));
});
afterAll(() => t.close());

async function createEvent(payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/af/events", headers: manager.auth, payload });
}

const base = {
  title: { en: "Open day", es: "Jornada de puertas abiertas" },
  description: { en: "", es: "" },
  website_url: "https://example.org/open-day",
};

/** Unfolds RFC 5545 content lines and returns the VEVENT blocks as property maps. */
function parseCalendar(text: string) {
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else if (current) {
      const at = line.indexOf(":");
      current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return { lines, events };
}

describe("events", () => {
  let globalId: number;
  let britishId: number;
  let spanishId: number;

  beforeAll(async () => {
    const g = await createEvent({
      ...base,
      scope: "global",
      title: { en: "World Book Day; read, share\nand enjoy", es: "Día del Libro" },
      description: { en: "Bring a book, a friend; and a smile.", es: "Trae un libro." },
      starts_at: "2031-04-23T09:00:00Z",
      ends_at: "2031-04-23T17:30:00+02:00",
    });
    expect(g.statusCode).toBe(201);
    globalId = g.json().data.id;
    const gb = await createEvent({
      ...base,
      scope: "national",
      country: "gb",
      starts_at: "2031-04-10T10:00:00Z",
      ends_at: "2031-04-12T16:00:00Z",
    });
    britishId = gb.json().data.id;
    expect(gb.json().data.country).toBe("GB");
    const es = await createEvent({
      ...base,
      scope: "national",
      country: "ES",
      starts_at: "2031-04-15T10:00:00Z",
      ends_at: "2031-04-15T12:00:00Z",
    });
    spanishId = es.json().data.id;
    await createEvent({
      ...base,
      scope: "global",
      starts_at: "2031-06-01T10:00:00Z",
      ends_at: "2031-06-01T12:00:00Z",
    });
  });

  it("validates the end, the scope's country and the website", async () => {
    const res = await createEvent({
      ...base,
      scope: "national",
      website_url: "not a url",
      starts_at: "2031-04-10T10:00:00Z",
      ends_at: "2031-04-09T10:00:00Z",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      country: ["Choose the country of a national event"],
      ends_at: ["The end must be on or after the start"],
      website_url: ["Enter a valid address starting with https://"],
    });
  });

  it("lists a month's events overlapping the range, national ones of the learner's country", async () => {
    const res = await t.app.inject({
      url: "/api/iu/events?from=2031-04-01&to=2031-04-30",
      headers: learner.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.country).toBe("GB");
    expect(body.data.map((e: { id: number }) => e.id)).toEqual([britishId, globalId]);
    const overlap = (
      await t.app.inject({ url: "/api/iu/events?from=2031-04-11&to=2031-04-11", headers: learner.auth })
    ).json();
    expect(overlap.data.map((e: { id: number }) => e.id)).toEqual([britishId]);
    expect(body.data.map((e: { id: number }) => e.id)).not.toContain(spanishId);
  });

  it("filters national or global events", async () => {
    const url = "/api/iu/events?from=2031-04-01&to=2031-06-30";
    const national = (await t.app.inject({ url: `${url}&scope=national`, headers: learner.auth })).json()
      .data;
    expect(national.map((e: { scope: string; country: string }) => [e.scope, e.country])).toEqual([
      ["national", "GB"],
    ]);
    const global = (await t.app.inject({ url: `${url}&scope=global`, headers: learner.auth })).json().data;
    expect(global).toHaveLength(2);
    expect(global.every((e: { scope: string }) => e.scope === "global")).toBe(true);
    const bad = await t.app.inject({
      url: "/api/iu/events?from=2031-05-01&to=2031-04-01",
      headers: learner.auth,
    });
    expect(bad.statusCode).toBe(422);
  });

  it("exports one event as iCalendar with escaped text and UTC times", async () => {
    const res = await t.app.inject({ url: `/api/iu/events/${globalId}/ical`, headers: learner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(".ics");
    const { lines, events } = parseCalendar(res.body);
    expect(lines).toContain("VERSION:2.0");
    expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      UID: `event-${globalId}@localhost`,
      DTSTART: "20310423T090000Z",
      DTEND: "20310423T153000Z",
      SUMMARY: "World Book Day\\; read\\, share\\nand enjoy",
      DESCRIPTION: "Bring a book\\, a friend\\; and a smile.",
      URL: "https://example.org/open-day",
      CATEGORIES: "Global",
    });
    const es = await t.app.inject({
      url: `/api/iu/events/${globalId}/ical`,
      headers: { ...learner.auth, "x-language-id": "2" },
    });
    expect(parseCalendar(es.body).events[0]).toMatchObject({
      SUMMARY: "Día del Libro",
      CATEGORIES: "Global",
    });
  });

  it("exports the filtered list, one VEVENT per event", async () => {
    const res = await t.app.inject({
      url: "/api/iu/events/ical?from=2031-04-01&to=2031-06-30&scope=global",
      headers: learner.auth,
    });
    const { events } = parseCalendar(res.body);
    expect(events.map((e) => e.UID)).toEqual([
      `event-${globalId}@localhost`,
      expect.stringMatching(/^event-\d+@localhost$/),
    ]);
  });

  it("folds long lines at 75 octets without splitting characters", () => {
    const line = `SUMMARY:${escapeText("ñ".repeat(100))}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("lets the event manager list, update and delete", async () => {
    const list = (
      await t.app.inject({ url: "/api/af/events?scope=national&per_page=1", headers: manager.auth })
    ).json();
    expect(list.total).toBe(2);
    expect(list.next_page_url).toBe("/api/af/events?scope=national&per_page=1&page=2");
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/af/events/${spanishId}`,
      headers: manager.auth,
      payload: {
        ...base,
        scope: "global",
        country: "ES",
        starts_at: "2031-04-15T10:00:00Z",
        ends_at: "2031-04-15T12:00:00Z",
      },
    });
    expect(updated.json().data).toMatchObject({ scope: "global", country: null });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/events/${spanishId}`,
      headers: manager.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/iu/events/${spanishId}`, headers: learner.auth })).statusCode,
    ).toBe(404);
  });

  it("refuses an event dated outside the years 1900 to 2200", async () => {
    const cases = [
      { starts_at: "0020-04-10T10:00:00Z", ends_at: "2031-04-10T10:00:00Z", field: "starts_at" },
      { starts_at: "2031-04-10T10:00:00Z", ends_at: "2201-01-01T00:00:00Z", field: "ends_at" },
    ];
    for (const { field, ...dates } of cases) {
      const res = await createEvent({ ...base, scope: "global", ...dates });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual(["Enter a valid date"]);
    }
  });
});

describe("events stored before dates were bounded", () => {
  it("still lists, shows and exports them", async () => {
    // Rows the old validation let in: year 20, the far future PostgreSQL accepts and JavaScript
    // cannot hold, and infinity.
    const { rows } = await t.deps.pool.query<{ id: number }>(
      `INSERT INTO events (scope, title_en, title_es, starts_at, ends_at) VALUES
         ('global', 'Year 20', 'Año 20', '0020-04-10 10:00Z', '0020-04-10 12:00Z'),
         ('global', 'Far', 'Lejos', '290000-01-01 00:00Z', '290000-01-02 00:00Z'),
         ('global', 'Forever', 'Siempre', '2031-04-10 10:00Z', 'infinity')
       RETURNING id`,
    );
    const list = await t.app.inject({ url: "/api/af/events?per_page=100", headers: manager.auth });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data as { id: number; starts_at: string; ends_at: string }[];
    for (const { id } of rows) expect(listed.map((e) => e.id)).toContain(id);
    expect(listed.find((e) => e.id === rows[0]!.id)?.starts_at).toBe("0020-04-10T10:00:00.000Z");
    for (const { id } of rows) {
      expect((await t.app.inject({ url: `/api/af/events/${id}`, headers: manager.auth })).statusCode).toBe(
        200,
      );
      const ical = await t.app.inject({ url: `/api/iu/events/${id}/ical`, headers: learner.auth });
      expect(ical.statusCode).toBe(200);
    }
    const month = await t.app.inject({
      url: "/api/iu/events?from=2031-04-01&to=2031-04-30",
      headers: learner.auth,
    });
    expect(month.statusCode).toBe(200);
    expect(month.json().data.map((e: { id: number }) => e.id)).toContain(rows[2]!.id);
  });
});
