/** Test helpers of lecture progress: time passing in a lecture view (the watch-time budget). */
import { and, eq, sql } from "drizzle-orm";
import type { TestApp } from "../../test/test-app";
import { lectureViews } from "../db/schema/index";

/**
 * As if `seconds` of real time had passed since the learner opened the lecture, using it all along:
 * the view's start moves back in this test's own database, so reports may then credit what a player
 * at 2x could have played in that time. The product keeps no switch to skip the rule; opening the
 * lecture first (GET /api/iu/lectures/:id) creates the view, or this creates one.
 */
export async function timePasses(t: TestApp, userId: number, lectureId: number, seconds: number) {
  const back = sql`interval '1 second' * ${seconds}`;
  const moved = await t.deps.db
    .update(lectureViews)
    .set({ startedAt: sql`${lectureViews.startedAt} - ${back}`, seenAt: sql`statement_timestamp()` })
    .where(and(eq(lectureViews.userId, userId), eq(lectureViews.lectureId, lectureId)))
    .returning({ userId: lectureViews.userId });
  if (moved.length === 0) {
    const at = new Date(Date.now() - seconds * 1000);
    await t.deps.db.insert(lectureViews).values({ userId, lectureId, startedAt: at, seenAt: new Date() });
  }
}
