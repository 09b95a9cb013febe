/**
 * The hot learning paths' statements: their text (a change is a visible diff), and a report's read
 * and optimistic write against the database. lecture.test.ts and completion.test.ts run all of them
 * over HTTP (progress reports, opening a lecture, marking a reading lecture complete).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import { lectureViews } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import {
  BEGIN_VIEW,
  beginView,
  INSERT_PROGRESS,
  MARK_COMPLETE,
  READ_PROGRESS,
  readProgress,
  UPDATE_PROGRESS,
  writeProgress,
} from "./progress.sql";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Current = { version: string | null; watched_ranges: unknown; view_started_at: Date | null; now: Date };

describe("progress statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts({ READ_PROGRESS, INSERT_PROGRESS, UPDATE_PROGRESS, MARK_COMPLETE, BEGIN_VIEW }),
    ).toMatchSnapshot();
  });

  it("read the row and view, write a report once per row version, and begin a view once", async () => {
    const learner = await buildLearner(t);
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1, duration: 600 });
    const lectureId = course.lectureIds[0]!;
    const empty = await readProgress<Current>(t.deps.db, learner.id, lectureId);
    expect(empty).toMatchObject({ version: null, watched_ranges: null, view_started_at: null });

    await beginView(t.deps.db, learner.id, lectureId);
    const viewOf = async () =>
      (await t.deps.db.select().from(lectureViews).where(eq(lectureViews.userId, learner.id)))[0]!;
    const begun = await viewOf();
    await beginView(t.deps.db, learner.id, lectureId);
    expect((await viewOf()).startedAt).toEqual(begun.startedAt);

    const { now } = empty;
    const values = (watched: number) => [
      learner.id,
      lectureId,
      course.id,
      JSON.stringify([[0, watched]]),
      watched,
      watched,
      null,
      null,
      now,
      begun.startedAt,
      watched,
      watched,
    ];
    expect(await writeProgress(t.deps.db, values(10), null)).toMatchObject({ watched_seconds: 10 });
    // A second insert for the row loses: the row exists.
    expect(await writeProgress(t.deps.db, values(12), null)).toBeUndefined();
    const read = await readProgress<Current>(t.deps.db, learner.id, lectureId);
    expect(read.watched_ranges).toEqual([[0, 10]]);
    expect(read.view_started_at).toEqual(begun.startedAt);
    expect(await writeProgress(t.deps.db, values(20), read.version)).toMatchObject({ watched_seconds: 20 });
    // Computed from a version that is no longer the row's: written by no one.
    expect(await writeProgress(t.deps.db, values(30), read.version)).toBeUndefined();
  });
});
