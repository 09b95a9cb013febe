/**
 * National and global events: the learner's month view and list (national means the learner's own
 * country), the iCalendar export and the event manager's administration.
 */
import type { EventInput, EventItem, EventListQuery, EventSortKey, LanguageCode } from "@aprendo/contract";
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { events, userProfiles } from "../db/schema/index";
import { AppError } from "../http/errors";
import { containsPattern, pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import type { CalendarEvent } from "./events.ical";

const DAY = 86_400_000;
const notFound = () => new AppError("not_found", "events.notFound");

/**
 * Rows saved before dates were bounded (year 20, year 290000, infinity) come back from the driver
 * as Invalid Date. Reads also fetch each instant as PostgreSQL writes it (UTC, ISO 8601; `infinity`
 * as such), so such a row is still listed and shown, and a manager can find and fix it, instead of
 * failing every list that holds it.
 */
const storedInstant = (column: AnyColumn) =>
  sql<string>`coalesce(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${column}::text)`;
const eventColumns = {
  ...getTableColumns(events),
  startsText: storedInstant(events.startsAt),
  endsText: storedInstant(events.endsAt),
};
type EventRow = typeof events.$inferSelect & { startsText?: string; endsText?: string };

const isValidDate = (date: Date) => !Number.isNaN(date.getTime());
const instant = (date: Date, stored: string | undefined) =>
  isValidDate(date) ? date.toISOString() : (stored ?? "");

/** Whether the event's instants can be written in an iCalendar file (see storedInstant). */
export const hasCalendarDates = (row: EventRow) => isValidDate(row.startsAt) && isValidDate(row.endsAt);

export const presentEvent = (row: EventRow): EventItem => ({
  id: row.id,
  scope: row.scope as EventItem["scope"],
  country: row.country,
  title: { en: row.titleEn, es: row.titleEs },
  description: { en: row.descriptionEn, es: row.descriptionEs },
  website_url: row.websiteUrl,
  starts_at: instant(row.startsAt, row.startsText),
  ends_at: instant(row.endsAt, row.endsText),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const calendarEvent = (row: EventRow, language: LanguageCode): CalendarEvent => ({
  id: row.id,
  scope: row.scope,
  country: row.country,
  title: language === "es" ? row.titleEs : row.titleEn,
  description: language === "es" ? row.descriptionEs : row.descriptionEn,
  websiteUrl: row.websiteUrl,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  updatedAt: row.updatedAt,
});

/** The range asked for (both days included), by default the current month (UTC). */
export function eventRange(query: Pick<EventListQuery, "from" | "to">, now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : monthStart;
  const to = query.to
    ? new Date(`${query.to}T00:00:00Z`)
    : query.from
      ? new Date(from.getTime() + 30 * DAY)
      : monthEnd;
  if (to < from || to.getTime() - from.getTime() > 400 * DAY)
    throw AppError.field("to", "events.rangeInvalid");
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from, toExclusive: new Date(to.getTime() + DAY), fromDay: day(from), toDay: day(to) };
}

async function countryOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ country: userProfiles.country })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row?.country ?? null;
}

/** Events overlapping the range; "national" means the learner's country (any country if unknown). */
export async function learnerEvents(db: DbOrTx, userId: number, query: EventListQuery) {
  const range = eventRange(query);
  const country = await countryOf(db, userId);
  const national = and(eq(events.scope, "national"), country ? eq(events.country, country) : undefined);
  const global = eq(events.scope, "global");
  const scope =
    query.scope === "national" ? national : query.scope === "global" ? global : or(global, national);
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(and(scope, lt(events.startsAt, range.toExclusive), gte(events.endsAt, range.from)))
    .orderBy(asc(events.startsAt), asc(events.id));
  return { rows, from: range.fromDay, to: range.toDay, country };
}

export async function getEventRow(db: DbOrTx, id: number): Promise<EventRow> {
  const [row] = await db.select(eventColumns).from(events).where(eq(events.id, id));
  if (!row) throw notFound();
  return row;
}

/* ------------------------------------------------------------------ administration (event manager) */

export async function adminEvents(
  db: DbOrTx,
  query: {
    search?: string | undefined;
    scope: string;
    when: string;
    sort?: EventSortKey | `-${EventSortKey}` | undefined;
    page: number;
    per_page: number;
  },
) {
  const now = new Date();
  const conditions: (SQL | undefined)[] = [
    query.scope === "all" ? undefined : eq(events.scope, query.scope),
    query.when === "upcoming"
      ? gte(events.endsAt, now)
      : query.when === "past"
        ? lt(events.endsAt, now)
        : undefined,
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(events.titleEn, pattern), ilike(events.titleEs, pattern)));
  }
  const where = and(...conditions);
  const order = listOrder(
    query.sort,
    {
      title: sql`lower(${events.titleEn})`,
      scope: events.scope,
      starts_at: events.startsAt,
      ends_at: events.endsAt,
    },
    events.id,
    query.when === "upcoming"
      ? [asc(events.startsAt), asc(events.id)]
      : [desc(events.startsAt), desc(events.id)],
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(eventColumns)
      .from(events)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { data: rows.map(presentEvent), total: total?.n ?? 0 };
}

const values = (input: EventInput) => ({
  scope: input.scope,
  country: input.scope === "national" ? (input.country ?? null) : null,
  titleEn: input.title.en,
  titleEs: input.title.es,
  descriptionEn: input.description.en,
  descriptionEs: input.description.es,
  websiteUrl: input.website_url,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
});

export async function createEvent(db: DbOrTx, input: EventInput, createdBy: number) {
  const [row] = await db
    .insert(events)
    .values({ ...values(input), createdBy })
    .returning();
  return presentEvent(row!);
}

export async function updateEvent(db: DbOrTx, id: number, input: EventInput) {
  const [row] = await db
    .update(events)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning();
  if (!row) throw notFound();
  return presentEvent(row);
}

export async function deleteEvent(db: DbOrTx, id: number) {
  const deleted = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (deleted.length === 0) throw notFound();
}
