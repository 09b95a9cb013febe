/**
 * The certificates' hand-written statements: each a named constant (its text is snapshotted in
 * certificates.repository.test.ts) run by one function here.
 */
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";
import type { CertificateKind } from "../db/schema/index";

/** An item earned and not yet certified, as the due statement reads it. */
export type Due = { kind: CertificateKind; course_id: number; item_id: number; en: string; es: string };

/**
 * What learners have earned and not been given yet, in one statement (it runs after every completed
 * lecture and every batch of first exam passes): titles whose published lectures are all completed,
 * and passed module and level exams, each without a certificate for that item (revoked ones count).
 * $1: the learners. Named and prepared: planning this union cost more than running it.
 */
const notIssued = (kind: CertificateKind, item: string) =>
  `NOT EXISTS (SELECT 1 FROM certificates x WHERE x.user_id = u.id AND x.kind = '${kind}' AND x.item_id = ${item})`;
export const DUE_ITEMS = `
SELECT u.id AS user_id, d.* FROM unnest($1::int[]) AS u(id) CROSS JOIN LATERAL (
SELECT 'title' AS kind, c.id AS course_id, c.id AS item_id, c.title_en AS en, c.title_es AS es
FROM courses c
WHERE c.id IN (SELECT course_id FROM lecture_progress WHERE user_id = u.id AND completed_at IS NOT NULL)
  AND EXISTS (SELECT 1 FROM lectures l WHERE l.course_id = c.id AND l.status = 'published')
  AND NOT EXISTS (
    SELECT 1 FROM lectures l WHERE l.course_id = c.id AND l.status = 'published' AND NOT EXISTS (
      SELECT 1 FROM lecture_progress p WHERE p.lecture_id = l.id AND p.user_id = u.id AND p.completed_at IS NOT NULL))
  AND ${notIssued("title", "c.id")}
UNION ALL
SELECT 'module', m.course_id, m.id, c.title_en || ': ' || m.title_en, c.title_es || ': ' || m.title_es
FROM exam_passes e JOIN course_modules m ON m.id = e.module_id JOIN courses c ON c.id = m.course_id
WHERE e.user_id = u.id AND e.kind = 'module' AND ${notIssued("module", "m.id")}
UNION ALL
SELECT 'level', v.course_id, v.id, c.title_en || ': ' || v.title_en, c.title_es || ': ' || v.title_es
FROM exam_passes e JOIN course_levels v ON v.id = e.level_id JOIN courses c ON c.id = v.course_id
WHERE e.user_id = u.id AND e.kind = 'level' AND ${notIssued("level", "v.id")}
) d`;

// One certificate per learner and item (the unique index): a concurrent issue of the same item adds
// nothing, and comes back from RETURNING only when this statement wrote it.
export const ISSUE = `INSERT INTO certificates (user_id, kind, course_id, item_id, item_title_en, item_title_es, code)
  SELECT x.user_id, x.kind, x.course_id, x.item_id, x.en, x.es, x.code
  FROM jsonb_to_recordset($1::jsonb)
    AS x(user_id int, kind varchar, course_id int, item_id int, en text, es text, code text)
  ON CONFLICT DO NOTHING RETURNING id, user_id, kind, item_id`;

/** The items due to each learner (DUE_ITEMS). */
export function dueItems(db: DbOrTx, userIds: number[]) {
  return runNamed<Due & { user_id: number }>(db, "certificates_due_items", DUE_ITEMS, [userIds]);
}

/** Writes the certificates (ISSUE); answers only those this statement wrote. */
export function issueCertificates(db: DbOrTx, rows: (Due & { user_id: number; code: string })[]) {
  return runNamed<{ id: number; user_id: number; kind: CertificateKind; item_id: number }>(
    db,
    "certificates_issue",
    ISSUE,
    [JSON.stringify(rows)],
  );
}
