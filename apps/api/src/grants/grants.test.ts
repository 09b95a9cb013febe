/**
 * The one grant path. Its statements keep their text (each is prepared under its name, and a change
 * to what a grant writes must show in review) and run against the real database; and checkout's
 * order statement, which composes the same grant CTEs, writes exactly the rows the standalone grants
 * write for the same learner, title and exam.
 */
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { grantEnrolment } from "../catalog/catalog.service";
import { buildPaidCourse, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { courses, enrolments, examAccesses, orderLines, wishlistItems } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { grantPurchasedExamAccesses } from "../quizzes/access.service";
import { grantEnrolmentRow, grantExamAccessRows } from "./grants";
import { grantStatements } from "./grants.sql";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the grant statements", () => {
  it("are every statement the file prepares, by the name it runs them under", () => {
    const source = readFileSync(new URL("./grants.ts", import.meta.url), "utf8");
    const used = [...source.matchAll(/"(grants_[a-z_]+)"/g)].map((m) => m[1]);
    expect(new Set(used)).toEqual(new Set(Object.keys(grantStatements)));
  });

  for (const [name, text] of Object.entries(grantStatements))
    it(`${name} keeps its text`, () => {
      expect(text.replace(/\s+/g, " ").trim()).toMatchSnapshot();
    });
});

const countOf = async (courseId: number) =>
  (await t.deps.db.select().from(courses).where(eq(courses.id, courseId)))[0]!.enrolmentCount;
const wished = (userId: number, courseId: number) =>
  t.deps.db
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.courseId, courseId)));

describe("an enrolment grant", () => {
  it("enrols once, moves the count and the wish list once, and answers the enrolment held after", async () => {
    const ana = await buildLearner(t);
    const course = await buildPaidCourse(t);
    await t.deps.db.insert(wishlistItems).values({ userId: ana.id, courseId: course.id });
    const before = await countOf(course.id);

    const first = await grantEnrolmentRow(t.deps.db, { userId: ana.id, courseId: course.id, source: "free" });
    expect(first).toMatchObject({ created: true, source: "free" });
    expect(await countOf(course.id)).toBe(before + 1);
    expect(await wished(ana.id, course.id)).toEqual([]);

    const again = await grantEnrolmentRow(t.deps.db, {
      userId: ana.id,
      courseId: course.id,
      source: "admin",
    });
    expect(again).toEqual({ ...first, created: false });
    expect(await countOf(course.id)).toBe(before + 1);
  });
});

describe("an exam access grant", () => {
  it("writes the accesses asked for, with the attempts already spent, who gave them and why", async () => {
    const ana = await buildLearner(t);
    const admin = await buildAdmin(t);
    const course = await buildPaidCourse(t);
    const ids = await grantExamAccessRows(t.deps.db, {
      userId: ana.id,
      quizId: course.levelExamId,
      source: "admin",
      quantity: 2,
      attemptsUsed: 1,
      grantedBy: admin.id,
      reason: "one more try",
    });
    expect(ids).toHaveLength(2);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const rows = await t.deps.db.select().from(examAccesses).where(eq(examAccesses.userId, ana.id));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    for (const row of rows)
      expect(row).toMatchObject({
        quizId: course.levelExamId,
        source: "admin",
        attemptsUsed: 1,
        grantedBy: admin.id,
        reason: "one more try",
        orderLineId: null,
        revokedAt: null,
      });
  });
});

describe("checkout and the standalone grants", () => {
  it("write identical enrolment and exam access rows, count and wish list for the same purchase", async () => {
    const course = await buildPaidCourse(t);
    const ana = await buildLearner(t);
    const bob = await buildLearner(t);
    for (const who of [ana, bob])
      await t.deps.db.insert(wishlistItems).values({ userId: who.id, courseId: course.id });
    const before = await countOf(course.id);

    // Ana buys the title and an access to its level exam: checkout's one order statement grants.
    const bought = await checkoutAs(t, ana, {
      items: [
        { type: "course", id: course.id },
        { type: "exam_accesses", id: course.levelExamId },
      ],
      payment: { card_token: await cardToken(t) },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await countOf(course.id)).toBe(before + 1);
    const lines = await t.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, bought.json().order_id));
    const examLine = lines.find((l) => l.type === "exam_accesses")!;

    // Bob gets the same through the grants every other path uses, for the same order line.
    await transaction(t.deps.db, async (tx) => {
      await grantEnrolment(tx, { userId: bob.id, courseId: course.id, source: "purchase" });
      await grantPurchasedExamAccesses(tx, {
        userId: bob.id,
        quizId: course.levelExamId,
        orderLineId: examLine.id,
        quantity: 1,
      });
    });
    expect(await countOf(course.id)).toBe(before + 2);
    expect(await wished(ana.id, course.id)).toEqual([]);
    expect(await wished(bob.id, course.id)).toEqual([]);

    // Column by column, all but the row's own id, its learner and when it was written.
    const enrolmentOf = async (userId: number) => {
      const rows = await t.deps.db.select().from(enrolments).where(eq(enrolments.userId, userId));
      return rows.map(({ id: _id, userId: _user, createdAt: _at, ...rest }) => rest);
    };
    const accessesOf = async (userId: number) => {
      const rows = await t.deps.db.select().from(examAccesses).where(eq(examAccesses.userId, userId));
      return rows.map(({ id: _id, userId: _user, createdAt: _at, ...rest }) => rest);
    };
    const anaEnrolment = await enrolmentOf(ana.id);
    expect(anaEnrolment).toHaveLength(1);
    expect(await enrolmentOf(bob.id)).toEqual(anaEnrolment);
    const anaAccesses = await accessesOf(ana.id);
    expect(anaAccesses).toHaveLength(1);
    expect(await accessesOf(bob.id)).toEqual(anaAccesses);
  });
});
