/** Ticket subjects: managed by the ticket subject manager; "Other" (id 0) is built in, not a row. */
import { OTHER_SUBJECT_ID, type TicketSubject, type TicketSubjectInput } from "@aprendo/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { ticketSubjects, tickets } from "../db/schema/index";
import { AppError } from "../http/errors";
import { otherSubjectTitle } from "./tickets.presenter";

type SubjectRow = typeof ticketSubjects.$inferSelect;
const order = [asc(ticketSubjects.position), asc(ticketSubjects.id)];

const present = (row: SubjectRow, ticketsCount: number): TicketSubject => ({
  id: row.id,
  title: { en: row.titleEn, es: row.titleEs },
  active: row.active,
  position: row.position,
  tickets_count: ticketsCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const notFound = () => new AppError("not_found", "support.subjectNotFound");
const ticketsCount = sql<number>`(SELECT count(*) FROM tickets t WHERE t.subject_id = "ticket_subjects"."id")::int`;

/** The subjects offered in the ticket forms, "Other" last. */
export async function activeSubjects(db: DbOrTx) {
  const rows = await db
    .select()
    .from(ticketSubjects)
    .where(eq(ticketSubjects.active, true))
    .orderBy(...order);
  return [
    ...rows.map((r) => ({ id: r.id, title: { en: r.titleEn, es: r.titleEs } })),
    { id: OTHER_SUBJECT_ID, title: otherSubjectTitle },
  ];
}

export async function listSubjects(db: DbOrTx): Promise<TicketSubject[]> {
  const rows = await db
    .select({ row: ticketSubjects, n: ticketsCount })
    .from(ticketSubjects)
    .orderBy(...order);
  return rows.map((r) => present(r.row, r.n));
}

export async function getSubject(db: DbOrTx, id: number): Promise<TicketSubject> {
  const [found] = await db
    .select({ row: ticketSubjects, n: ticketsCount })
    .from(ticketSubjects)
    .where(eq(ticketSubjects.id, id));
  if (!found) throw notFound();
  return present(found.row, found.n);
}

const values = (input: TicketSubjectInput) => ({
  titleEn: input.title.en,
  titleEs: input.title.es,
  active: input.active,
  ...(input.position === undefined ? {} : { position: input.position }),
});

/** Without a position a new subject is appended: one after the highest position in use. */
export async function createSubject(db: DbOrTx, input: TicketSubjectInput): Promise<TicketSubject> {
  const position =
    input.position ??
    sql<number>`(SELECT coalesce(max(${ticketSubjects.position}) + 1, 0) FROM ${ticketSubjects})`;
  const [row] = await db
    .insert(ticketSubjects)
    .values({ ...values(input), position })
    .returning();
  return present(row!, 0);
}

export async function updateSubject(
  db: DbOrTx,
  id: number,
  input: TicketSubjectInput,
): Promise<TicketSubject> {
  const [row] = await db
    .update(ticketSubjects)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(ticketSubjects.id, id))
    .returning({ id: ticketSubjects.id });
  if (!row) throw notFound();
  return getSubject(db, id);
}

/** A subject that tickets use stays (their history keeps its title): deactivate it instead. */
export async function deleteSubject(db: DbOrTx, id: number): Promise<void> {
  const [used] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.subjectId, id)).limit(1);
  if (used) {
    await getSubject(db, id);
    throw new AppError("conflict", "support.subjectInUse");
  }
  const deleted = await db
    .delete(ticketSubjects)
    .where(eq(ticketSubjects.id, id))
    .returning({ id: ticketSubjects.id });
  if (deleted.length === 0) throw notFound();
}
