/**
 * The bench's data-growing statements: their text (a change is a visible diff), and the catalogue's
 * against the database. The others run against the database through /bench/scale in bench-scale.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import { courses, users } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import {
  analyze,
  BENCH_PREFIX,
  benchEnrolments,
  benchLearnersIn,
  benchNotifications,
  benchTitles,
  catalogueReviews,
  catalogueTitles,
  cloneRowsOf,
  copyProfiles,
  countRows,
  enrolmentCounts,
  insertCatalogueReviews,
  insertCatalogueTitles,
  pastOrders,
  practiceAttempts,
  practiceTemplate,
  rowCount,
  templateLearner,
  templateLearnerId,
  unflushedCommit,
  writableColumns,
  writableColumnsOf,
} from "./scale.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("bench scale statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts({
        rowCount: rowCount("users", sql`role_id = 1`),
        writableColumnsOf: writableColumnsOf("users"),
        cloneRowsOf: cloneRowsOf("users", ["username", "email"], 1, 5, { username: "'b_' || g" }),
        copyProfiles: copyProfiles(1, ["gender", "country"]),
        benchTitles: benchTitles(3, 1, 5),
        catalogueTitles: catalogueTitles(3),
        catalogueReviews: catalogueReviews(2),
        benchEnrolments,
        enrolmentCounts,
        benchNotifications: benchNotifications(1, 10, 5),
        pastOrders: pastOrders(2),
        practiceTemplate,
        practiceAttempts: practiceAttempts(1, 3, ["quiz_id", "answers"]),
        unflushedCommit,
        templateLearner,
        analyze,
        benchLearnersIn: benchLearnersIn(1, 10),
      }),
    ).toMatchSnapshot();
  });

  it("add catalogue titles of varied subjects, each rated by bench learners", async () => {
    const template = await buildLearner(t);
    expect(await templateLearnerId(t.deps.db)).toBe(template.id);
    expect(await writableColumns(t.deps.db, "course_reviews")).not.toContain("id");
    // The catalogue reuses a seeded video and category: one title made the usual way.
    await buildCourse(t, { levels: 1, lectures: 1 });
    for (const n of [1, 2, 3])
      await buildLearner(t, {
        overrides: { username: `${BENCH_PREFIX}${n}`, email: `${BENCH_PREFIX}${n}@x.test` },
      });
    const before = await countRows(t.deps.db, "courses");
    await insertCatalogueTitles(t.deps.db, 4);
    expect(await countRows(t.deps.db, "courses")).toBe(before + 4);
    const added = await t.deps.db
      .select({ id: courses.id, titleEn: courses.titleEn, titleEs: courses.titleEs, status: courses.status })
      .from(courses)
      .where(sql`${courses.position} > 1000`);
    expect(added).toHaveLength(4);
    expect(new Set(added.map((c) => c.titleEn.split(" ")[0])).size).toBeGreaterThan(1);
    expect(added.every((c) => c.status === "published" && c.titleEs !== c.titleEn)).toBe(true);
    expect(
      await countRows(
        t.deps.db,
        "lectures",
        sql`course_id IN (${sql.join(
          added.map((c) => sql`${c.id}`),
          sql`, `,
        )})`,
      ),
    ).toBe(12);

    await insertCatalogueReviews(t.deps.db, 2);
    expect(await countRows(t.deps.db, "course_reviews")).toBe(8);
    const reviewers = await t.deps.db.execute<{ username: string }>(
      sql`SELECT DISTINCT u.username FROM course_reviews r JOIN ${users} u ON u.id = r.user_id`,
    );
    expect(reviewers.rows.every((r) => r.username.startsWith(BENCH_PREFIX))).toBe(true);
    expect(await countRows(t.deps.db, "users", sql`id = ${template.id}`)).toBe(1);
  });
});
