import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scale = (payload: object) => t.app.inject({ method: "POST", url: "/api/dev/bench/scale", payload });

describe("growing the database to benchmark sizes", () => {
  it("adds learners, titles with lectures, enrolments and notifications, and is repeatable", async () => {
    const template = await buildLearner(t);
    const sizes = { learners: 40, titles: 4, lectures_per_title: 10, notifications: 2_500 };
    const first = await scale(sizes);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      learners: 41,
      titles: 4,
      lectures: 40,
      enrolments: 120,
      notifications: 2_500,
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

    // Running again with the same sizes adds nothing.
    expect((await scale(sizes)).json()).toEqual(first.json());
  });

  it("refuses a call without sizes", async () => {
    expect((await scale({})).statusCode).toBe(422);
  });
});
