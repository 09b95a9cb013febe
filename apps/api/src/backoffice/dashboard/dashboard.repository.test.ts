/** The dashboard's statements: their text (a change is a visible diff) and what they count in the database. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../../test/factories";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { buildCourse, enrol } from "../../catalog/catalog.fixtures";
import { userProfiles } from "../../db/schema/index";
import { statementTexts } from "../../db/statement-text";
import {
  learnerFigures,
  monthlyTrend,
  periodFigures,
  periodSeries,
  rows,
  shopTablesInstalled,
  topCountries,
  usersByRole,
  usersByStatus,
} from "./dashboard.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date("2026-03-15T12:00:00Z");
const dayMs = 86_400_000;

describe("dashboard statements", () => {
  it("keep their text", () => {
    const weekAgo = new Date(now.getTime() - 7 * dayMs);
    expect(
      statementTexts({
        shopTablesInstalled,
        periodFigures: periodFigures(weekAgo, now, new Date(weekAgo.getTime() - 7 * dayMs)),
        periodSeries: periodSeries(weekAgo, now, "day"),
        usersByRole,
        usersByStatus,
        learnerFigures: learnerFigures("2013-03-15", weekAgo, now),
        topCountries,
        monthlyTrend: monthlyTrend(now),
      }),
    ).toMatchSnapshot();
  });

  it("count registrations, enrolments and learners as the database holds them", async () => {
    const at = new Date(now.getTime() - 2 * dayMs);
    const learner = await buildLearner(t, { overrides: { createdAt: at, lastActiveAt: at } });
    const child = await buildLearner(t, { dateOfBirth: "2020-01-01", overrides: { createdAt: at } });
    await buildLearner(t, { overrides: { createdAt: new Date(now.getTime() - 10 * dayMs) } });
    await buildAdmin(t);
    await t.deps.db.update(userProfiles).set({ country: "GB" }).where(eq(userProfiles.userId, learner.id));
    await t.deps.db.update(userProfiles).set({ country: "GB" }).where(eq(userProfiles.userId, child.id));
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    await enrol(t, learner.id, course.id);

    const from = new Date(now.getTime() - 7 * dayMs);
    const [figures] = await rows(t.deps.db, periodFigures(from, now, new Date(from.getTime() - 7 * dayMs)));
    expect(figures).toMatchObject({ registrations: 2, registrations_previous: 1, active: 1 });

    const series = await rows<{ date: string; registrations: number }>(
      t.deps.db,
      periodSeries(from, now, "day"),
    );
    expect(series).toHaveLength(8);
    expect(series.find((r) => r.date === "2026-03-13")).toMatchObject({ registrations: 2 });

    const byRole = await rows<{ role_id: number; count: number }>(t.deps.db, usersByRole);
    expect(byRole.map((r) => [r.role_id, Number(r.count)])).toEqual([
      [1, 3],
      [3, 1],
    ]);
    expect(await rows(t.deps.db, usersByStatus)).toEqual([{ status: "active", count: 4 }]);
    const [learners] = await rows(t.deps.db, learnerFigures("2013-03-15", from, now));
    expect(learners).toMatchObject({ total: 3, children: 1, verified_email: 3, active_30d: 1 });
    expect(await rows(t.deps.db, topCountries)).toEqual([{ country: "GB", count: 2 }]);
    const trend = await rows<{ month: string; registrations: number }>(t.deps.db, monthlyTrend(now));
    expect(trend).toHaveLength(12);
    expect(trend.at(-1)).toMatchObject({ month: "2026-03", registrations: 3 });
    expect(await rows(t.deps.db, shopTablesInstalled)).toEqual([{ ok: "product_bindings" }]);
  });
});
