/**
 * The pass-effects queue's statements: their text (a change is a visible diff). attempts.test.ts
 * runs each against the database: taking one learner's effects (applyPassEffects), the exams queued
 * and a batch taken by the sweep, and the oldest ones read when a batch fails.
 */
import { describe, expect, it } from "vitest";
import { statementTexts } from "../db/statement-text";
import { OLDEST_QUEUED, QUEUED_EXAMS, TAKE_ONE, TAKE_QUEUED } from "./pass-effects.repository";

describe("pass effects statements", () => {
  it("keep their text", () => {
    expect(statementTexts({ TAKE_QUEUED, TAKE_ONE, QUEUED_EXAMS, OLDEST_QUEUED })).toMatchSnapshot();
  });
});
