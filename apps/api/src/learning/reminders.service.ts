/** Switching a learning mail off from its unsubscribe link, and reading whether it is on. */
import type { LearningMailKind } from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { learningGoals } from "../db/schema/index";
import { mailSettingsOf } from "./goals.service";

type Claims = { userId: number; kind: LearningMailKind };

export async function mailStatus(db: DbOrTx, { userId, kind }: Claims): Promise<boolean> {
  const settings = await mailSettingsOf(db, userId);
  return kind === "reminder" ? settings.reminder_after_days !== null : settings.weekly_progress;
}

/** Idempotent: a second click (or the mail client and the page both) changes nothing more. */
export async function unsubscribe(db: DbOrTx, { userId, kind }: Claims): Promise<void> {
  await db
    .update(learningGoals)
    .set(
      kind === "reminder"
        ? { reminderAfterDays: null, reminderSince: null, updatedAt: sql`now()` }
        : { weeklyProgressMail: false, updatedAt: sql`now()` },
    )
    .where(eq(learningGoals.userId, userId));
}
