/**
 * What giving a learner a title or exam accesses writes, written once. Every way a title or an exam
 * access is granted runs these texts: the standalone statements below (free enrolment, sponsorship,
 * institutions, the back office, settlement of a confirmed payment, seeds) and checkout's one order
 * statement (commerce.sql.ts WRITE_ORDER), which composes the same CTEs beside the order's rows so a
 * purchase stays one round trip (docs/decisions.md, "One grant path, composed into checkout's
 * statement"). A change to what a grant writes is made here, and shows in both.
 *
 * Each builder takes the rows to grant as a relation (any SELECT) and the name of the CTE to return,
 * so its caller says where the rows come from (parameters, or the order's lines) and reads what was
 * written by that name.
 */
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";

/**
 * The enrolment grant over `rows` (columns `user_id`, `course_id`, `source`): the enrolment, unless
 * the learner already has the title (idempotent); for each one created, the title's enrolment count
 * moves and the title leaves the learner's wish list. `<name>` returns the created enrolments (`id`,
 * `user_id`, `course_id`, `source`, `created_at`). `when` gates the count and wish-list writes (a
 * condition on parameters only): with it false PostgreSQL runs neither, not even a scan.
 */
export function enrolmentGrantCtes(name: string, rows: string, when = "true"): string {
  return `${name} AS (
  INSERT INTO enrolments (user_id, course_id, source)
  SELECT g.user_id, g.course_id, g.source FROM (${rows}) AS g
  ON CONFLICT DO NOTHING
  RETURNING id, user_id, course_id, source, created_at
), ${name}_count AS (
  UPDATE courses SET enrolment_count = enrolment_count + n.created
  FROM (SELECT course_id, count(*)::int AS created FROM ${name} GROUP BY course_id) AS n
  WHERE ${when} AND courses.id = n.course_id
), ${name}_wish AS (
  DELETE FROM wishlist_items w USING ${name}
  WHERE ${when} AND w.user_id = ${name}.user_id AND w.course_id = ${name}.course_id
)`;
}

/**
 * The exam access grant over `rows` (columns `user_id`, `quiz_id`, `source`, `order_line_id`,
 * `attempts_used`, `granted_by`, `reason`, `quantity`): `quantity` accesses per row, each with its
 * two attempts less `attempts_used`. `<name>` returns the accesses written (`id`, `order_line_id`).
 */
export function examAccessGrantCte(name: string, rows: string): string {
  return `${name} AS (
  INSERT INTO exam_accesses (user_id, quiz_id, source, order_line_id, attempts_used, granted_by, reason)
  SELECT g.user_id, g.quiz_id, g.source, g.order_line_id, g.attempts_used, g.granted_by, g.reason
  FROM (${rows}) AS g, generate_series(1, g.quantity)
  RETURNING id, order_line_id
)`;
}

/**
 * One enrolment: $1 learner, $2 title, $3 source. Answers the enrolment with `created` true when this
 * call created it, else the one the learner already had (`created` false). No row only when another
 * transaction enrolled the learner after this statement began (its snapshot cannot see that row).
 */
const GRANT_ENROLMENT = `WITH ${enrolmentGrantCtes(
  "granted",
  "SELECT $1::int AS user_id, $2::int AS course_id, $3::text AS source",
)}
SELECT id, source, created_at, true AS created FROM granted
UNION ALL
SELECT id, source, created_at, false FROM enrolments
WHERE user_id = $1::int AND course_id = $2::int AND NOT EXISTS (SELECT 1 FROM granted)`;

/** The learner's enrolment in a title: $1 learner, $2 title. */
const HELD_ENROLMENT = `SELECT id, source, created_at, false AS created FROM enrolments
WHERE user_id = $1::int AND course_id = $2::int`;

/**
 * Exam accesses: $1 learner, $2 exam, $3 source, $4 order line (or null), $5 attempts already used
 * (0: both attempts left), $6 who granted them (or null), $7 the reason (or null), $8 how many.
 */
const GRANT_EXAM_ACCESSES = `WITH ${examAccessGrantCte(
  "granted",
  `SELECT $1::int AS user_id, $2::int AS quiz_id, $3::text AS source, $4::int AS order_line_id,
    $5::smallint AS attempts_used, $6::int AS granted_by, $7::text AS reason, $8::int AS quantity`,
)}
SELECT id FROM granted ORDER BY id`;

/**
 * Every named statement of this file by the name it runs under (db/prepared.ts `runNamed`); a
 * snapshot test pins their text (grants.sql.test.ts).
 */
export const grantStatements = {
  grants_enrolment: GRANT_ENROLMENT,
  grants_held_enrolment: HELD_ENROLMENT,
  grants_exam_accesses: GRANT_EXAM_ACCESSES,
} as const satisfies Readonly<Record<string, string>>;

/** Runs one of the statements above by its name, on the caller's connection or transaction. */
export const runGrantStatement = <Row>(db: DbOrTx, name: keyof typeof grantStatements, values: unknown[]) =>
  runNamed<Row>(db, name, grantStatements[name], values);
