/**
 * The one grant path: every way a learner gets a title (an enrolment) or exam accesses runs the
 * statements of grants.sql.ts, through these two functions or, for a paid checkout, composed into the
 * order's statement (commerce.sql.ts WRITE_ORDER). Each grant is one statement, so it needs no
 * transaction of its own; inside the caller's transaction it is part of it.
 */
import type { DbOrTx } from "../db/client";
import type { EnrolmentSource, ExamAccessSource } from "../db/schema/index";
import { runGrantStatement as run } from "./grants.sql";

type EnrolmentRow = { id: number; source: EnrolmentSource; created_at: Date; created: boolean };

export type EnrolmentGranted = { id: number; created: boolean; source: EnrolmentSource; enrolledAt: Date };

/**
 * Enrols the learner in the title; idempotent (`created` false, and the enrolment they had, when
 * they already had it). A created enrolment moves the title's enrolment count and takes the title
 * off the learner's wish list.
 */
export async function grantEnrolmentRow(
  db: DbOrTx,
  input: { userId: number; courseId: number; source: EnrolmentSource },
): Promise<EnrolmentGranted> {
  const values = [input.userId, input.courseId, input.source];
  let [row] = await run<EnrolmentRow>(db, "grants_enrolment", values);
  // Enrolled meanwhile by another transaction, which committed after this statement's snapshot.
  if (!row) [row] = await run<EnrolmentRow>(db, "grants_held_enrolment", values.slice(0, 2));
  if (!row)
    throw new Error(`enrolment of user ${input.userId} in title ${input.courseId} neither made nor found`);
  return { id: row.id, created: row.created, source: row.source, enrolledAt: new Date(row.created_at) };
}

/**
 * `quantity` exam accesses for the learner, each with both attempts unless `attemptsUsed` says some
 * are spent (an administrator's grant of one extra attempt). Answers their ids, ascending.
 */
export async function grantExamAccessRows(
  db: DbOrTx,
  input: {
    userId: number;
    quizId: number;
    source: ExamAccessSource;
    quantity: number;
    orderLineId?: number | null;
    attemptsUsed?: number;
    grantedBy?: number | null;
    reason?: string | null;
  },
): Promise<number[]> {
  const rows = await run<{ id: number }>(db, "grants_exam_accesses", [
    input.userId,
    input.quizId,
    input.source,
    input.orderLineId ?? null,
    input.attemptsUsed ?? 0,
    input.grantedBy ?? null,
    input.reason ?? null,
    input.quantity,
  ]);
  return rows.map((r) => r.id);
}
