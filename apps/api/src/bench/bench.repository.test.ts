/** The bench harness's statements: their text (a change is a visible diff) and what they answer. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { statementTexts } from "../db/statement-text";
import { buildQuizCourse } from "../quizzes/quizzes.fixtures";
import {
  costliestStatementsSince,
  courseOfQuiz,
  jobsTable,
  pendingJobs,
  pendingNotices,
  quizCourseId,
  resetStatementStats,
  statementStatsLoaded,
  takeCostliestStatements,
  takePendingWork,
} from "./bench.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("bench statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts(
        {
          statementStatsLoaded,
          costliestStatementsSince: costliestStatementsSince(8),
          resetStatementStats,
          courseOfQuiz: courseOfQuiz(42),
          pendingNotices,
          jobsTable,
          pendingJobs,
        },
        { params: true },
      ),
    ).toMatchSnapshot();
  });

  it("find the title an exam belongs to, and 0 for no such exam", async () => {
    const course = await buildQuizCourse(t);
    expect(await quizCourseId(t.deps.db, course.moduleExamId)).toBe(course.id);
    expect(await quizCourseId(t.deps.db, 2_000_000_000)).toBe(0);
  });

  it("report no statements when pg_stat_statements is not loaded (the default)", async () => {
    expect(await takeCostliestStatements(t.deps.db, 5)).toEqual([]);
  });

  it("count the paid-order notices still to tell and the jobs due", async () => {
    const before = await takePendingWork(t.deps.db);
    await t.deps.db.execute(sql`INSERT INTO order_paid_notices (order_id) VALUES (2000000000)`);
    expect(await takePendingWork(t.deps.db)).toMatchObject({ paid_notices: before.paid_notices + 1 });
    await t.deps.db.execute(sql`DELETE FROM order_paid_notices WHERE order_id = 2000000000`);
    expect(await takePendingWork(t.deps.db)).toEqual(before);
  });
});
