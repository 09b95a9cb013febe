import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { enrol } from "../catalog/catalog.fixtures";
import { seedReviews } from "../reviews/reviews.seed";
import { seedAccounts } from "./accounts.seed";
import { seedCatalog } from "./catalog.seed";
import { seedCommunity } from "./community.seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  await seedAccounts(context);
  await seedCatalog(context);
  await seedReviews(context);
  await seedCommunity(context);
});
afterAll(() => t.close());

describe("the demo's public Q&A", () => {
  it("shows a new learner of Everyday Spanish a voted thread answered by a learner and the team", async () => {
    const course = await t.deps.db.query.courses.findFirst({
      where: (c, { eq }) => eq(c.titleEn, "Everyday Spanish"),
    });
    const lecture = await t.deps.db.query.lectures.findFirst({
      where: (l, { eq }) => eq(l.titleEn, "Greetings for every time of day"),
    });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course!.id);
    const res = await t.app.inject({
      url: `/api/iu/lectures/${lecture!.id}/questions?sort=votes`,
      headers: learner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const questions = res.json().data;
    // Ana's questions stay private: a fellow learner sees only the public ones.
    expect(questions).toHaveLength(2);
    expect(questions[0]).toMatchObject({ votes: 3, voted: false, following: false, is_public: true });
    expect(questions[0].answers.map((a: { is_staff: boolean }) => a.is_staff)).toEqual([false, true]);
    expect(questions[1]).toMatchObject({ votes: 1, answers: [] });
  });
});
