/**
 * Learning reports in SQL: completion and exam pass rates per title and per class (spec: classes of
 * schools and companies, `/af/classes-overview`). An enrolment made in the period is completed when
 * its learner holds the title's certificate (issued when every published lecture is completed,
 * docs/profile.md; revoked ones do not count). Pass rate: graded module and level exam attempts
 * submitted in the period that reached the pass mark. A class counts its members' enrolments in the
 * class's titles and their exams of those titles.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type ReportRange, rateOf, within } from "./range";

type Figures = {
  enrolled: number;
  completed: number;
  completion_rate: number | null;
  exam_attempts: number;
  exams_passed: number;
  pass_rate: number | null;
};

const completedTitle = sql`EXISTS (
  SELECT 1 FROM certificates ce
  WHERE ce.user_id = e.user_id AND ce.kind = 'title' AND ce.course_id = e.course_id AND ce.revoked_at IS NULL)`;
const gradedExam = (range: ReportRange) =>
  sql`q.kind IN ('module', 'level') AND a.passed IS NOT NULL AND ${within(sql`a.submitted_at`, range)}`;
const figures = sql`
  coalesce(n.enrolled, 0)::int AS enrolled, coalesce(n.completed, 0)::int AS completed,
  ${rateOf(sql`n.completed`, sql`n.enrolled`)} AS completion_rate,
  coalesce(x.attempts, 0)::int AS exam_attempts, coalesce(x.passed, 0)::int AS exams_passed,
  ${rateOf(sql`x.passed`, sql`x.attempts`)} AS pass_rate`;

export const learningByTitleStatement = (range: ReportRange, language: "en" | "es") => {
  const title = language === "es" ? sql`c.title_es` : sql`c.title_en`;
  return sql`
    WITH n AS (
      SELECT e.course_id, count(*) AS enrolled, count(*) FILTER (WHERE ${completedTitle}) AS completed
      FROM enrolments e WHERE ${within(sql`e.created_at`, range)}
      GROUP BY e.course_id
    ),
    x AS (
      SELECT q.course_id, count(*) AS attempts, count(*) FILTER (WHERE a.passed) AS passed
      FROM quiz_attempts a JOIN quizzes q ON q.id = a.quiz_id
      WHERE ${gradedExam(range)}
      GROUP BY q.course_id
    )
    SELECT c.id AS course_id, ${title} AS name, ${figures}
    FROM courses c
    LEFT JOIN n ON n.course_id = c.id
    LEFT JOIN x ON x.course_id = c.id
    WHERE n.course_id IS NOT NULL OR x.course_id IS NOT NULL
    ORDER BY enrolled DESC, exam_attempts DESC, name`;
};

export async function learningByTitle(db: DbOrTx, range: ReportRange, language: "en" | "es") {
  const { rows } = await db.execute<Figures & { course_id: number; name: string }>(
    learningByTitleStatement(range, language),
  );
  return rows;
}

export const learningByClassStatement = (range: ReportRange) => sql`
    WITH members AS (SELECT class_id, count(*) AS members FROM class_members GROUP BY class_id),
    n AS (
      SELECT m.class_id, count(*) AS enrolled, count(*) FILTER (WHERE ${completedTitle}) AS completed
      FROM class_members m
      JOIN class_courses cc ON cc.class_id = m.class_id
      JOIN enrolments e ON e.user_id = m.user_id AND e.course_id = cc.course_id
      WHERE ${within(sql`e.created_at`, range)}
      GROUP BY m.class_id
    ),
    x AS (
      SELECT m.class_id, count(*) AS attempts, count(*) FILTER (WHERE a.passed) AS passed
      FROM class_members m
      JOIN class_courses cc ON cc.class_id = m.class_id
      JOIN quizzes q ON q.course_id = cc.course_id
      JOIN quiz_attempts a ON a.quiz_id = q.id AND a.user_id = m.user_id
      WHERE ${gradedExam(range)}
      GROUP BY m.class_id
    )
    SELECT k.id AS class_id, k.name, i.name AS institution, coalesce(mm.members, 0)::int AS members, ${figures}
    FROM learner_classes k
    JOIN institutions i ON i.id = k.institution_id
    LEFT JOIN members mm ON mm.class_id = k.id
    LEFT JOIN n ON n.class_id = k.id
    LEFT JOIN x ON x.class_id = k.id
    ORDER BY i.name, k.name, k.id`;

export async function learningByClass(db: DbOrTx, range: ReportRange) {
  const { rows } = await db.execute<
    Figures & { class_id: number; name: string; institution: string; members: number }
  >(learningByClassStatement(range));
  return rows;
}
