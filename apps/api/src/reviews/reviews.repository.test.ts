/** The reviews' statement: its text and the aggregates it sets from the visible reviews. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import { courseReviews, courses } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import { recountFromReviews, updateRatingAggregates } from "./reviews.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("reviews statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts(
        {
          all: recountFromReviews(),
          one: recountFromReviews(7),
        },
        { params: true },
      ),
    ).toMatchSnapshot();
  });

  it("set a title's count, average and distribution from its visible reviews, one title or all", async () => {
    const [a, b] = [
      await buildCourse(t, { levels: 1, lectures: 1 }),
      await buildCourse(t, { levels: 1, lectures: 1 }),
    ];
    const [x, y, z] = [await buildLearner(t), await buildLearner(t), await buildLearner(t)];
    await t.deps.db.insert(courseReviews).values([
      { courseId: a.id, userId: x.id, rating: 5 },
      { courseId: a.id, userId: y.id, rating: 2 },
      { courseId: a.id, userId: z.id, rating: 1, hiddenAt: new Date() },
      { courseId: b.id, userId: x.id, rating: 4 },
    ]);
    const aggregates = async (id: number) =>
      (
        await t.deps.db
          .select({
            n: courses.ratingCount,
            average: courses.ratingAverage,
            spread: courses.ratingDistribution,
          })
          .from(courses)
          .where(eq(courses.id, id))
      )[0];
    await updateRatingAggregates(t.deps.db, a.id);
    expect(await aggregates(a.id)).toEqual({ n: 2, average: 3.5, spread: [0, 1, 0, 0, 1] });
    expect(await aggregates(b.id)).toMatchObject({ n: 0 });
    await updateRatingAggregates(t.deps.db);
    expect(await aggregates(b.id)).toEqual({ n: 1, average: 4, spread: [0, 0, 0, 1, 0] });
  });
});
