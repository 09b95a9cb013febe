/**
 * The hot path's round trips: an answer save is one statement, a submit two (read, then
 * grade in one guarded statement), a start of an exam three (the learner's progress for the exam's
 * lock and their accessibility accommodation, read side by side, then the start), besides authentication. Counted on the
 * driver, so a regression (an extra read, a lost cache, a transaction) fails here.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { overdueAttempts } from "./attempts.finalize";
import { attemptWrites } from "./attempts.sql";
import {
  buildQuizCourse,
  enrolAndComplete,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
} from "./quizzes.fixtures";

let t: TestApp;
let course: QuizCourse;
let learner: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildQuizCourse(t);
  learner = await buildLearner(t);
  await enrolAndComplete(t, learner, course);
  await giveExamAccess(t, learner.id, course.moduleExamId);
  await giveExamAccess(t, learner.id, course.moduleExamId);
});
afterAll(() => t.close());

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The statements a request sends (authentication's own aside), and its answer. */
async function statementsOf(method: "POST" | "PUT", url: string, payload?: object) {
  const sent: string[] = [];
  const original = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args) {
    const config = args[0] as string | { name?: string; text?: string };
    const text = typeof config === "string" ? config : (config.text ?? "");
    if (typeof config === "string" || !config.name?.startsWith("auth_")) sent.push(text);
    return original.apply(this, args);
  };
  try {
    const res = await t.app.inject({ method, url, headers: learner.auth, ...(payload ? { payload } : {}) });
    return { res, sent };
  } finally {
    (pg.Client.prototype as unknown as { query: Query }).query = original;
  }
}

describe("the exam's round trips", () => {
  it("start 3, each save 1, submit 2 once the caches are warm and the pass is recorded", async () => {
    const path = `/api/iu/course-modules/${course.moduleIds[0]}/quiz/attempt`;
    // A first attempt, passed: warms the caches and records the pass (whose effects run as a job).
    for (const round of [1, 2]) {
      const start = await statementsOf("POST", path);
      expect(start.res.statusCode).toBe(201);
      const attempt = start.res.json() as { id: number; questions: Array<{ id: number; type: string }> };
      const saves = [];
      for (const q of attempt.questions)
        saves.push(
          await statementsOf("PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
            answer: rightAnswer(q),
          }),
        );
      const submit = await statementsOf("POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
      expect(submit.res.json()).toMatchObject({ passed: true });
      if (round === 1) continue;
      // The start's deadline job runs inline in tests (its overdue sweep, at most once a second): left aside.
      const overdueSweep = (s: string) => s.startsWith('select "id" from "quiz_attempts"');
      expect(start.sent.filter((s) => !overdueSweep(s))).toHaveLength(3);
      for (const save of saves) expect(save.sent).toHaveLength(1);
      expect(submit.sent).toHaveLength(2);
    }
  });
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
const scansOf = (node: PlanNode): PlanNode[] => [
  ...(node["Node Type"].includes("Scan") ? [node] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

describe("the plans of an attempt's writes", () => {
  it("find the attempt by its id, even when the statistics saw no attempt in progress", async () => {
    // A platform's history of submitted attempts (a table too small is read whole, rightly)...
    await t.deps.db.$client.query(`
      INSERT INTO quiz_attempts (user_id, quiz_id, question_ids, started_at, deadline_at, submitted_at, status,
                                 passed, answers)
      SELECT user_id, quiz_id, question_ids, started_at, deadline_at, submitted_at, 'submitted', false, answers
      FROM quiz_attempts, generate_series(1, 5000)
      WHERE id = (SELECT min(id) FROM quiz_attempts WHERE status = 'submitted')`);
    // ...and statistics taken while (almost) none runs, as on any night before an exam: each
    // connection keeps the generic plan it makes from them while the exam fills the table.
    await t.deps.db.$client.query("ANALYZE quiz_attempts");
    for (const [name, text] of Object.entries(attemptWrites)) {
      const { rows } = await t.deps.db.$client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(
        `EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${text}`,
      );
      const scans = scansOf(rows[0]!["QUERY PLAN"][0]!.Plan).filter(
        (s) => s["Relation Name"] === "quiz_attempts",
      );
      expect(
        scans.map((s) => s["Index Name"]),
        name,
      ).toEqual(["quiz_attempts_pkey"]);
    }
  });

  it("find overdue attempts through the index of running attempts", async () => {
    const { sql } = overdueAttempts(t.deps.db, 200).toSQL();
    const { rows } = await t.deps.db.$client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${sql}`,
    );
    const scans = scansOf(rows[0]!["QUERY PLAN"][0]!.Plan);
    expect(scans.map((s) => s["Index Name"])).toEqual(["quiz_attempts_deadline_idx"]);
  });
});
