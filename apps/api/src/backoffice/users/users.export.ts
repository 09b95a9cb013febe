/**
 * CSV export of users (permission 28). Rows are read in keyset batches of 1,000 (`id < last`) and
 * written to the response as they come, so memory stays flat however large the table is; the
 * stream waits while the client is slow (backpressure of the Readable).
 */

import { Readable } from "node:stream";
import type { UserFilters } from "@aprendo/contract";
import { and, desc, eq, lt } from "drizzle-orm";
import type { AuditActor } from "../../audit/actor";
import { recordAudit } from "../../audit/audit";
import type { Db } from "../../db/client";
import { userProfiles, users } from "../../db/schema/index";
import { childBornAfter, type UserRecord, userConditions, userRowColumns } from "./users.service";

export const EXPORT_BATCH = 1000;

const header = [
  "id",
  "username",
  "email",
  "phone",
  "first_name",
  "last_name",
  "role_id",
  "status",
  "country",
  "date_of_birth",
  "is_child",
  "email_verified",
  "created_at",
  "last_active_at",
];

/** Quotes a field and defuses spreadsheet formulas (a cell starting with = + - @ is made text). */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(row: UserRecord, bornAfter: string): string {
  return `${[
    row.id,
    row.username,
    row.email,
    row.phone,
    row.firstName,
    row.lastName,
    row.roleId,
    row.status,
    row.country,
    row.dateOfBirth,
    row.dateOfBirth !== null && row.dateOfBirth > bornAfter ? "yes" : "no",
    row.emailVerifiedAt ? "yes" : "no",
    row.createdAt,
    row.lastActiveAt,
  ]
    .map(csvField)
    .join(",")}\r\n`;
}

export async function* userCsvChunks(db: Db, filters: UserFilters, batch = EXPORT_BATCH) {
  const where = userConditions(filters);
  const bornAfter = childBornAfter();
  // A byte-order mark so spreadsheet programs read the accents of Spanish names as UTF-8.
  yield `\uFEFF${header.join(",")}\r\n`;
  let cursor: number | undefined;
  for (;;) {
    const rows = await db
      .select(userRowColumns)
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(and(where, cursor ? lt(users.id, cursor) : undefined))
      .orderBy(desc(users.id))
      .limit(batch);
    if (rows.length === 0) return;
    let chunk = "";
    for (const row of rows) chunk += csvLine(row, bornAfter);
    yield chunk;
    if (rows.length < batch) return;
    cursor = rows[rows.length - 1]!.id;
  }
}

export const userCsvStream = (db: Db, filters: UserFilters) =>
  Readable.from(userCsvChunks(db, filters), { objectMode: false, highWaterMark: 1 });

/**
 * The back office's export: a read, but personal data leaving the platform, so it is recorded in the
 * audit log (who, with which filters) before the first row streams.
 */
export async function exportUsers(db: Db, actor: AuditActor, filters: UserFilters): Promise<Readable> {
  await recordAudit(db, actor, { action: "user.export", entity: "user", after: { filters } });
  return userCsvStream(db, filters);
}
