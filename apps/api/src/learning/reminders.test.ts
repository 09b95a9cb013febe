/**
 * The learning mails' content and their one-click unsubscribe (no login). The schedule that runs
 * the jobs is tested with pg-boss in reminders.production.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { learningDays, outbox, users } from "../db/schema/index";
import { addDays, isoDay, weekStartOf } from "./activity.service";
import { timePasses } from "./learning.fixtures";
import { sendWeeklyProgress } from "./reminders";
import { signUnsubscribeToken } from "./reminders.token";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: BuiltUser, method: "GET" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: user.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const mailsTo = (email: string) => t.deps.db.select().from(outbox).where(eq(outbox.recipient, email));

/** A learner opted in to the weekly mail with a goal of 60 minutes, who learned 75 minutes last week. */
async function weeklyLearner(options: { spanish?: boolean } = {}) {
  const learner = await buildLearner(t);
  if (options.spanish) await t.deps.db.update(users).set({ languageId: 2 }).where(eq(users.id, learner.id));
  const lastWeek = addDays(weekStartOf(isoDay(new Date())), -7);
  await t.deps.db.insert(learningDays).values([
    { userId: learner.id, day: addDays(lastWeek, 2), seconds: 45 * 60 },
    { userId: learner.id, day: addDays(lastWeek, 6), seconds: 30 * 60 },
  ]);
  expect((await call(learner, "PUT", "/api/iu/learning/goal", { weekly_minutes: 60 })).statusCode).toBe(200);
  const optIn = await call(learner, "PUT", "/api/iu/learning/mails", {
    reminder_after_days: 3,
    weekly_progress: true,
  });
  expect(optIn.statusCode, optIn.body).toBe(200);
  return learner;
}

const settings = async (learner: BuiltUser) => (await call(learner, "GET", "/api/iu/learning/mails")).json();

describe("weekly progress mail", () => {
  it("says last week's minutes, the goal, the streak and the next lecture, in the learner's language, once", async () => {
    const course = await buildCourse(t, {
      levels: 1,
      lectures: 2,
      title: ["Guitar basics", "Guitarra básica"],
    });
    const ana = await weeklyLearner();
    const eva = await weeklyLearner({ spanish: true });
    // Both started the title: the mail links the lecture to continue with.
    for (const learner of [ana, eva]) {
      await enrol(t, learner.id, course.id);
      expect((await call(learner, "GET", `/api/iu/lectures/${course.lectureIds[0]}`)).statusCode).toBe(200);
      await timePasses(t, learner.id, course.lectureIds[0]!, 10);
      const report = { ranges: [[0, 5]], position: 5 };
      expect(
        (await call(learner, "PUT", `/api/iu/lectures/${course.lectureIds[0]}/progress`, report)).statusCode,
      ).toBe(200);
    }
    await sendWeeklyProgress(t.deps);
    await sendWeeklyProgress(t.deps);

    const [mail, ...more] = await mailsTo(ana.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/75 minutes/);
    expect(mail!.bodyText).toContain("You met your goal of 60 minutes");
    expect(mail!.bodyText).toContain("Weeks in a row meeting your goal: 1.");
    expect(mail!.bodyText).toContain(`/iu/courses/${course.id}/lesson/${course.lectureIds[0]}`);
    expect(mail!.bodyText).toContain("Guitar basics");
    expect(mail!.bodyText).toMatch(/\/unsubscribe\?token=/);
    expect(mail!.meta).toMatchObject({
      headers: {
        "List-Unsubscribe": expect.stringMatching(/^<http.*\/api\/unsubscribe\?token=.+>$/),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });

    const [spanish] = await mailsTo(eva.email);
    expect(spanish!.subject).toMatch(/75 minutos/);
    expect(spanish!.bodyText).toContain("Guitarra básica");
  });
});

describe("unsubscribe without logging in", () => {
  const linkOf = async (email: string) => {
    const [mail] = await mailsTo(email);
    const header = (mail!.meta as { headers: Record<string, string> }).headers["List-Unsubscribe"]!;
    const url = new URL(header.slice(1, -1));
    const page = new URL(/(http\S+\/unsubscribe\?token=\S+)/.exec(mail!.bodyText)![1]!);
    return { api: `${url.pathname}${url.search}`, token: page.searchParams.get("token")! };
  };

  it("stops the weekly mail by RFC 8058 one-click POST, with no session", async () => {
    const learner = await weeklyLearner();
    await sendWeeklyProgress(t.deps);
    const { api } = await linkOf(learner.email);
    const res = await t.app.inject({
      method: "POST",
      url: api,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: "weekly", subscribed: false });
    // Only the mail of the link: the reminder stays on.
    expect(await settings(learner)).toEqual({ reminder_after_days: 3, weekly_progress: false });
  });

  it("stops a mail from the page's link: GET tells which and changes nothing, POST stops it", async () => {
    const learner = await weeklyLearner();
    await sendWeeklyProgress(t.deps);
    const { token } = await linkOf(learner.email);
    const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
    const seen = await t.app.inject({ method: "GET", url });
    expect(seen.json()).toEqual({ kind: "weekly", subscribed: true });
    expect((await settings(learner)).weekly_progress).toBe(true);

    const done = await t.app.inject({ method: "POST", url, headers: { "x-language-id": "2" }, payload: {} });
    expect(done.json()).toEqual({
      kind: "weekly",
      subscribed: false,
      message: "Ya no recibirás este correo",
    });
    expect((await t.app.inject({ method: "GET", url })).json()).toEqual({
      kind: "weekly",
      subscribed: false,
    });
    // A second click is harmless.
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(200);
  });

  it("stops the reminder with a reminder's link", async () => {
    const learner = await weeklyLearner();
    const token = signUnsubscribeToken(t.config.jwtSecret, learner.id, "reminder");
    const res = await t.app.inject({ method: "POST", url: `/api/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(await settings(learner)).toEqual({ reminder_after_days: null, weekly_progress: true });
  });

  it("refuses a forged, altered or foreign token with a translated 400, changing nothing", async () => {
    const learner = await weeklyLearner();
    const good = signUnsubscribeToken(t.config.jwtSecret, learner.id, "weekly");
    const [header, payload] = good.split(".") as [string, string, string];
    const other = JSON.parse(Buffer.from(payload, "base64url").toString());
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...other, sub: "1" })).toString("base64url")}.${good.split(".")[2]}`;
    const forged = signUnsubscribeToken("not the server's secret", learner.id, "weekly");
    // An access token is signed with another key: it is no unsubscribe link.
    for (const token of [forged, altered, learner.token, "abc"]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
        });
        expect(res.statusCode, `${method} ${token}`).toBe(400);
        expect(res.json().message).toMatch(/unsubscribe link is not valid/);
      }
    }
    const es = await t.app.inject({
      method: "POST",
      url: `/api/unsubscribe?token=${forged}`,
      headers: { "x-language-id": "2" },
    });
    expect(es.json().message).toMatch(/no es válido/);
    expect(await settings(learner)).toEqual({ reminder_after_days: 3, weekly_progress: true });
  });
});
