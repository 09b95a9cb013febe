import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildQuizCourse, enrolAndWatch } from "../quizzes/quizzes.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scale = (payload: object) => t.app.inject({ method: "POST", url: "/api/dev/bench/scale", payload });

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
      // Two orders per bench learner, each with an exam attempt, and three practice attempts.
      orders: 80,
      quiz_attempts: 1 + 40 * 2 + 40 * 3,
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
});
