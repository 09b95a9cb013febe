/**
 * "Notify me" on coming-soon titles: publishing queues a job (pg-boss, as in
 * production) that tells each learner who asked, once, with a notice and a mail in their language;
 * a learner who cancelled hears nothing; publishing again or two nodes at once tell nobody twice.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { createSiblingApp, type TestApp } from "../../test/test-app";
import { courses, notifications, outbox } from "../db/schema/index";
import { buildCourse } from "./catalog.fixtures";
import { COURSE_PUBLISHED_JOB, tellCoursePublished } from "./notify-published";

let t: ProductionJobsApp;
let sibling: TestApp;
beforeAll(async () => {
  t = await createProductionJobsApp();
  sibling = await createSiblingApp(t);
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});

const ask = (user: BuiltUser, courseId: number, on: boolean, language = "1") =>
  t.app.inject({
    method: "PUT",
    url: `/api/iu/courses/${courseId}/notify`,
    headers: { ...user.auth, "x-language-id": language },
    payload: { on },
  });
const mailsTo = (user: BuiltUser) =>
  t.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, user.email), sql`${outbox.meta}->>'kind' = 'course.published'`));
const noticesOf = (user: BuiltUser) =>
  t.deps.db.select().from(notifications).where(eq(notifications.userId, user.id));

describe("notify me", () => {
  it("tells each learner who asked once, in their language, after publishing; none for a cancelled request", async () => {
    const course = await buildCourse(t, { status: "coming_soon", title: ["Watercolour", "Acuarela"] });
    const ana = await buildLearner(t);
    const eva = await buildLearner(t, { overrides: { languageId: 2 } });
    const quitter = await buildLearner(t);
    for (const learner of [ana, eva, quitter]) {
      const res = await ask(learner, course.id, true);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        on: true,
        message: "We will tell you when this title is published",
      });
    }
    expect((await ask(ana, course.id, true)).statusCode).toBe(200);
    expect((await ask(quitter, course.id, false)).json().on).toBe(false);
    const ids = await t.app.inject({ url: "/api/iu/wishlist/ids", headers: ana.auth });
    expect(ids.json().notify).toEqual([course.id]);

    const publisher = await buildAdmin(t, ["isAbleToUpdateCourseStatus"]);
    const publish = () =>
      t.app.inject({
        method: "PUT",
        url: `/api/af/courses/${course.id}/status`,
        headers: publisher.auth,
        payload: { status: "published" },
      });
    expect((await publish()).statusCode).toBe(200);
    await t.until("the course-published job", async () =>
      (await t.jobsOf(COURSE_PUBLISHED_JOB)).some((j) => j.state === "completed"),
    );
    // Published again (a retried request): nobody is told twice.
    expect((await publish()).statusCode).toBe(200);
    await tellCoursePublished(t.deps, course.id);

    const [anaMail] = await mailsTo(ana);
    expect(await mailsTo(ana)).toHaveLength(1);
    expect(anaMail?.subject).toBe("Watercolour is now available on Aprendo");
    expect(anaMail?.bodyText).toContain(`/iu/courses/${course.id}`);
    const evaMails = await mailsTo(eva);
    expect(evaMails).toHaveLength(1);
    expect(evaMails[0]?.subject).toBe("Acuarela ya está disponible en Aprendo");
    expect(await mailsTo(quitter)).toHaveLength(0);
    const notices = await noticesOf(ana);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: { en: "Watercolour is now available", es: "Acuarela ya está disponible" },
      action: { redirect: { courseId: course.id } },
    });
    expect(await noticesOf(quitter)).toHaveLength(0);
    // Told: no longer waiting.
    expect((await t.app.inject({ url: "/api/iu/wishlist/ids", headers: ana.auth })).json().notify).toEqual(
      [],
    );
  });

  it("tells nobody twice when two nodes run the notices at once", async () => {
    const course = await buildCourse(t, { status: "coming_soon" });
    const learners = await Promise.all(Array.from({ length: 6 }, () => buildLearner(t)));
    for (const learner of learners) await ask(learner, course.id, true);
    // Published behind the route's back, so no job competes with the two nodes below.
    await t.deps.db.update(courses).set({ status: "published" }).where(eq(courses.id, course.id));
    const told = await Promise.all([
      tellCoursePublished(t.deps, course.id),
      tellCoursePublished(sibling.deps, course.id),
      tellCoursePublished(t.deps, course.id),
    ]);
    expect(told.reduce((a, b) => a + b, 0)).toBe(6);
    for (const learner of learners) expect(await mailsTo(learner)).toHaveLength(1);
  });

  it("only takes requests for coming-soon titles", async () => {
    const published = await buildCourse(t, {});
    const draft = await buildCourse(t, { status: "draft" });
    const ana = await buildLearner(t);
    const refused = await ask(ana, published.id, true, "2");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Este título no está por llegar: ya está publicado");
    expect((await ask(ana, draft.id, true)).statusCode).toBe(404);
  });
});
