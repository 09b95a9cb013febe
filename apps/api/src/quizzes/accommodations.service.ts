/**
 * Accessibility accommodations (WCAG 2.2.1 Timing adjustable): a user manager grants a learner extra
 * time (the limit times 1.25, 1.5 or 2) on every timed attempt, exams included, and may switch the
 * limit off for practice (lecture) quizzes. The server's clock applies it when an attempt starts
 * (attemptTiming); each change is recorded in the audit log.
 */
import {
  type Accommodation,
  type AccommodationInput,
  quizLimits,
  Role,
  type TimeFactor,
} from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Db, DbOrTx } from "../db/client";
import { learnerAccommodations, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import type { QuizRow } from "./quizzes.place";

type Stored = { timeFactorPercent: number; practiceUntimed: boolean };
const none: Stored = { timeFactorPercent: 100, practiceUntimed: false };

export async function accommodationOf(db: DbOrTx, userId: number): Promise<Stored> {
  const [row] = await db
    .select({
      timeFactorPercent: learnerAccommodations.timeFactorPercent,
      practiceUntimed: learnerAccommodations.practiceUntimed,
    })
    .from(learnerAccommodations)
    .where(eq(learnerAccommodations.userId, userId));
  return row ?? none;
}

export type Timing = { timed: boolean; limitSeconds: number; factorPercent: number | null };

/**
 * The limit an attempt gets: none for an untimed practice quiz or a learner whose practice quizzes
 * are untimed (the attempt still closes after a day, so none stays open for ever), else the quiz's
 * limit times the learner's factor, rounded up to the second.
 */
export function attemptTiming(
  quiz: Pick<QuizRow, "kind" | "timed" | "timeLimitSeconds">,
  stored: Stored,
): Timing {
  const factorPercent = stored.timeFactorPercent > 100 ? stored.timeFactorPercent : null;
  const untimed = quiz.kind === "lecture" && (!quiz.timed || stored.practiceUntimed);
  if (untimed) return { timed: false, limitSeconds: quizLimits.untimedWindowSeconds, factorPercent };
  return {
    timed: true,
    limitSeconds: Math.ceil((quiz.timeLimitSeconds * stored.timeFactorPercent) / 100),
    factorPercent,
  };
}

const present = (userId: number, row: Stored & { updatedAt?: Date | null }): Accommodation => ({
  user_id: userId,
  time_factor_percent: row.timeFactorPercent as TimeFactor,
  practice_untimed: row.practiceUntimed,
  updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
});

/** Only a learner's account has attempts to accommodate (the user pages' messages). */
async function learnerOf(db: DbOrTx, userId: number) {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("not_found", "backoffice.userNotFound");
  if (row.roleId !== Role.learner) throw new AppError("conflict", "accommodation.notLearner");
}

export async function getAccommodation(db: Db, userId: number): Promise<Accommodation> {
  await learnerOf(db, userId);
  const [row] = await db.select().from(learnerAccommodations).where(eq(learnerAccommodations.userId, userId));
  return present(userId, row ?? none);
}

/** Grants, changes or (factor 100, no flag) takes back a learner's accommodation, with its audit entry. */
export async function setAccommodation(
  db: Db,
  actor: AuditActor,
  userId: number,
  input: AccommodationInput,
): Promise<Accommodation> {
  return transaction(db, async (tx) => {
    await learnerOf(tx, userId);
    const before = await accommodationOf(tx, userId);
    const values = {
      timeFactorPercent: input.time_factor_percent,
      practiceUntimed: input.practice_untimed,
      grantedBy: actor.userId,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(learnerAccommodations)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: learnerAccommodations.userId, set: values })
      .returning();
    await recordAudit(tx, actor, {
      action: "user.accommodation",
      entity: "user",
      entityId: userId,
      before: { timeFactorPercent: before.timeFactorPercent, practiceUntimed: before.practiceUntimed },
      after: { timeFactorPercent: row!.timeFactorPercent, practiceUntimed: row!.practiceUntimed },
    });
    return present(userId, row!);
  });
}
