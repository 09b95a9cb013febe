import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildApp } from "../app";
import { buildQuizCourse, enrolAndWatch } from "../quizzes/quizzes.fixtures";
import { registerBenchRoutes } from "./bench.routes";

let t: TestApp;
/** The bench server's app (bench-server.ts): the product plus /bench, on the same database. */
let bench: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  bench = await buildApp(t.deps, { logger: false });
  await registerBenchRoutes(bench);
  await bench.ready();
});
afterAll(async () => {
  await bench.close();
  await t.close();
});

const scale = (payload: object) => bench.inject({ method: "POST", url: "/bench/scale", payload });

describe("growing the database to benchmark sizes", () => {
  it("adds learners, titles with lectures, enrolments, notifications and a history, and is repeatable", async () => {
    const template = await buildLearner(t);
    // A paid module and level exam to have bought, and a practice attempt to copy.
    const course = await buildQuizCourse(t);
    await enrolAndWatch(t, template, course);
    const practice = await t.app.inject({
      method: "POST",
      url: `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`,
      headers: template.auth,
    });
    expect(practice.statusCode, practice.body).toBe(201);
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/iu/quiz-attempts/${practice.json().id}/submit`,
      headers: template.auth,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const sizes = {
      learners: 40,
      titles: 4,
      lectures_per_title: 10,
      notifications: 2_500,
      orders_per_learner: 2,
      quiz_attempts_per_learner: 3,
    };
    const first = await scale(sizes);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      learners: 41,
      // The quiz title counts towards the 4: three bench titles of 10 lectures join its 2.
      titles: 4,
      lectures: 32,
      enrolments: 121,
      notifications: 2_500,
      // Two orders per bench learner, each exam access used up by two attempts, and three practice attempts.
      orders: 80,
      quiz_attempts: 1 + 40 * 2 * 2 + 40 * 3,
    });

    // The copies can log in with the template's password.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { login: "bench_7", password: template.password },
    });
    expect(login.statusCode, login.body).toBe(200);

    // The template learner pages through a large inbox.
    const inbox = await t.app.inject({ url: "/api/iu/notifications/me", headers: template.auth });
    expect(inbox.statusCode).toBe(200);
    // One in four is unread; the newest comes first.
    expect(inbox.json().count_unread_notifications).toBe(250);
    expect(inbox.json().data[0].id).toBe(1_000);
    expect(inbox.json().next_page_url).toBeTruthy();

    // A bench learner's purchases read as any learner's: paid, newest first, one exam access each.
    const learner = { authorization: `Bearer ${login.json().access_token}` };
    const purchases = await t.app.inject({ url: "/api/iu/purchases", headers: learner });
    expect(purchases.statusCode, purchases.body).toBe(200);
    expect(purchases.json().data).toHaveLength(2);
    expect(purchases.json().data[0]).toMatchObject({ status: "paid" });

    // Running again with the same sizes adds nothing.
    expect((await scale(sizes)).json()).toEqual(first.json());
  });

  it("refuses a call without sizes", async () => {
    expect((await scale({})).statusCode).toBe(422);
  });

  it("hands out bench learners whose tokens belong to real sessions", async () => {
    const res = await bench.inject({
      method: "POST",
      url: "/bench/learners",
      payload: { course_id: 1, count: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { learners } = res.json() as { learners: { id: number; token: string }[] };
    expect(learners).toHaveLength(2);
    const me = await t.app.inject({
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${learners[0]!.token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
  });

  it("hands out exam candidates who may start the module exam (its lectures completed, accesses held)", async () => {
    const res = await bench.inject({
      method: "POST",
      url: "/bench/exam-learners",
      payload: { count: 2, accesses_per_learner: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const prepared = res.json() as {
      attempt_path: string;
      learners: { token: string }[];
      answers: unknown[];
    };
    expect(prepared.learners).toHaveLength(2);
    expect(prepared.answers.length).toBeGreaterThan(0);
    const started = await t.app.inject({
      method: "POST",
      url: prepared.attempt_path,
      headers: { authorization: `Bearer ${prepared.learners[0]!.token}` },
    });
    expect(started.statusCode, started.body).toBe(201);
  });

  it("exists only in the bench server, never in the product", async () => {
    expect((await t.app.inject({ method: "POST", url: "/bench/scale", payload: {} })).statusCode).toBe(404);
  });
});
