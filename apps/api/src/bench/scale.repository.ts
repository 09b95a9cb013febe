/**
 * The bench harness's data-growing statements (bench-scale.ts runs them in order, in one
 * transaction): each a named `sql` builder, its text snapshotted in scale.repository.test.ts, run by
 * one function here. Set-based, so 10,000 learners take seconds, not minutes. Bench harness only
 * (bench-server.ts), never the product bundle.
 */
import { quizLimits } from "@aprendo/contract";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

export const BENCH_PREFIX = "bench_";
/** `alias` is a bench learner (a row of `users` under that alias). */
const isBenchLearner = (alias: string) => sql`${sql.identifier(alias)}.username LIKE ${`${BENCH_PREFIX}%`}`;

export const rowCount = (table: string, where = sql`TRUE`) =>
  sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`;

export async function countRows(db: DbOrTx, table: string, where = sql`TRUE`): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(rowCount(table, where));
  return rows[0]?.n ?? 0;
}

/** Bench learners, or with `all` every learner. */
export const countLearners = (db: DbOrTx, which: "bench" | "all") =>
  countRows(db, "users", which === "bench" ? sql`username LIKE ${`${BENCH_PREFIX}%`}` : sql`role_id = 1`);

/** The columns of a table an INSERT may write (no id, no generated column). */
export const writableColumnsOf = (table: string) => sql`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}
      AND column_name <> 'id' AND is_generated = 'NEVER'
    ORDER BY ordinal_position`;

export async function writableColumns(db: DbOrTx, table: string): Promise<string[]> {
  const { rows } = await db.execute<{ column_name: string }>(writableColumnsOf(table));
  return rows.map((r) => r.column_name);
}

/**
 * One row copied `times` times, with some columns replaced by SQL expressions of `g` (1..times).
 * Written against the live column list, so new columns need no change here.
 */
export const cloneRowsOf = (
  table: string,
  columns: string[],
  templateId: number,
  times: number,
  replace: Record<string, string>,
  keyColumn = "id",
) => {
  const list = columns.map((c) => sql.identifier(c));
  const values = columns.map((c) => (c in replace ? sql.raw(replace[c]!) : sql`t.${sql.identifier(c)}`));
  return sql`
    INSERT INTO ${sql.identifier(table)} (${sql.join(list, sql`, `)})
    SELECT ${sql.join(values, sql`, `)}
    FROM ${sql.identifier(table)} t, generate_series(1, ${times}) g
    WHERE t.${sql.identifier(keyColumn)} = ${templateId}`;
};

export async function cloneRows(
  db: DbOrTx,
  table: string,
  templateId: number,
  times: number,
  replace: Record<string, string>,
  keyColumn = "id",
) {
  const columns = await writableColumns(db, table);
  await db.execute(cloneRowsOf(table, columns, templateId, times, replace, keyColumn));
}

/** The bench learners `have + 1` .. `have + missing`, copies of the template learner. */
export async function insertLearners(db: DbOrTx, templateId: number, have: number, missing: number) {
  await cloneRows(db, "users", templateId, missing, {
    username: `'${BENCH_PREFIX}' || (${have} + g)`,
    email: `'${BENCH_PREFIX}' || (${have} + g) || '@bench.example.com'`,
    phone: "NULL",
    first_name: "'Bench'",
    last_name: `'Learner ' || (${have} + g)`,
    created_at: "now() - ((g % 365) || ' days')::interval",
    last_active_at: "now() - ((g % 30) || ' days')::interval",
  });
}

/** A profile for each bench learner without one, copied from the template's. */
export const copyProfiles = (templateId: number, profileColumns: string[]) => sql`
    INSERT INTO user_profiles (user_id, ${sql.join(
      profileColumns.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    SELECT u.id, ${sql.join(
      profileColumns.map((c) => sql`p.${sql.identifier(c)}`),
      sql`, `,
    )}
    FROM users u JOIN user_profiles p ON p.user_id = ${templateId}
    WHERE ${isBenchLearner("u")}
      AND NOT EXISTS (SELECT 1 FROM user_profiles q WHERE q.user_id = u.id)`;

export async function insertMissingProfiles(db: DbOrTx, templateId: number) {
  const profileColumns = (await writableColumns(db, "user_profiles")).filter((c) => c !== "user_id");
  await db.execute(copyProfiles(templateId, profileColumns));
}

/** `missing` published titles of two levels, their modules and lectures reusing a seeded video. */
export const benchTitles = (missing: number, modulesPerLevel: number, lecturesPerModule: number) => sql`
    WITH video AS (
      SELECT video_key, video_type, video_bytes, duration_seconds FROM lectures
      WHERE video_key IS NOT NULL ORDER BY id LIMIT 1
    ), category AS (SELECT id FROM categories ORDER BY id LIMIT 1),
    c AS (
      INSERT INTO courses (category_id, status, title_en, title_es, short_description_en, short_description_es,
                           description_en, description_es, is_free, price_pence, position, published_at)
      SELECT (SELECT id FROM category), 'published', 'Bench title ' || g, 'Título de prueba ' || g,
             'A title made for the benchmark', 'Un título creado para la prueba de rendimiento',
             repeat('Lorem ipsum dolor sit amet. ', 40), repeat('Texto de ejemplo para la prueba. ', 40),
             g % 2 = 0, CASE WHEN g % 2 = 0 THEN 0 ELSE 1999 END, 100 + g, now()
      FROM generate_series(1, ${missing}) g
      RETURNING id
    ), l AS (
      INSERT INTO course_levels (course_id, position, title_en, title_es)
      SELECT c.id, p, 'Level ' || p, 'Nivel ' || p FROM c, generate_series(1, 2) p
      RETURNING id, course_id, position
    ), m AS (
      INSERT INTO course_modules (level_id, course_id, position, title_en, title_es)
      SELECT l.id, l.course_id, p, 'Module ' || l.position || '.' || p, 'Módulo ' || l.position || '.' || p
      FROM l, generate_series(1, ${modulesPerLevel}) p
      RETURNING id, course_id
    )
    INSERT INTO lectures (module_id, course_id, position, title_en, title_es, description_en, description_es,
                          status, video_key, video_type, video_bytes, duration_seconds)
    SELECT m.id, m.course_id, p, 'Lecture ' || p, 'Lección ' || p, 'What this lecture covers.',
           'Lo que cubre esta lección.', 'published', v.video_key, v.video_type, v.video_bytes,
           coalesce(v.duration_seconds, 0)
    FROM m, generate_series(1, ${lecturesPerModule}) p LEFT JOIN video v ON TRUE`;

export async function insertTitles(
  db: DbOrTx,
  missing: number,
  modulesPerLevel: number,
  lecturesPerModule: number,
) {
  await db.execute(benchTitles(missing, modulesPerLevel, lecturesPerModule));
}

/** Subjects of the catalogue's bench titles: [English, Spanish] words a visitor would search for. */
const catalogueSubjects = [
  ["Python programming", "Programación en Python"],
  ["Everyday Spanish", "Español cotidiano"],
  ["Digital photography", "Fotografía digital"],
  ["Algebra", "Álgebra"],
  ["Home cooking", "Cocina casera"],
  ["Guitar", "Guitarra"],
  ["Marketing", "Marketing"],
  ["Spreadsheets", "Hojas de cálculo"],
  ["Public speaking", "Hablar en público"],
  ["Web design", "Diseño web"],
];

const subjects = sql.raw(
  `(VALUES ${catalogueSubjects.map(([en, es], i) => `(${i}, '${en}', '${es}')`).join(", ")}) AS s(i, en, es)`,
);

/**
 * `missing` small titles (one level, one module, three lectures) with varied subjects in both
 * languages, levels, taught languages, prices and lengths.
 */
export const catalogueTitles = (missing: number) => sql`
    WITH video AS (
      SELECT video_key, video_type, video_bytes FROM lectures WHERE video_key IS NOT NULL ORDER BY id LIMIT 1
    ), category AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories),
    c AS (
      INSERT INTO courses (category_id, status, title_en, title_es, short_description_en, short_description_es,
                           description_en, description_es, is_free, price_pence, position, published_at,
                           level, teaching_language, outcomes_en, outcomes_es)
      SELECT (SELECT ids[1 + g % array_length(ids, 1)] FROM category), 'published',
             s.en || ' ' || (ARRAY['for beginners', 'in practice', 'masterclass', 'step by step'])[1 + g % 4] || ' ' || g,
             s.es || ' ' || (ARRAY['para principiantes', 'en la práctica', 'clase magistral', 'paso a paso'])[1 + g % 4] || ' ' || g,
             'Learn ' || lower(s.en) || ' with short videos and practice.',
             'Aprende ' || lower(s.es) || ' con vídeos cortos y práctica.',
             repeat('Lorem ipsum dolor sit amet. ', 20), repeat('Texto de ejemplo para la prueba. ', 20),
             g % 5 = 0, CASE WHEN g % 5 = 0 THEN 0 ELSE 900 + (g % 7) * 500 END, 1000 + g,
             now() - (g || ' hours')::interval,
             (ARRAY['beginner', 'intermediate', 'advanced', 'all'])[1 + g % 4], CASE WHEN g % 3 = 0 THEN 'es' ELSE 'en' END,
             'Point one
Point two
Point three', 'Punto uno
Punto dos
Punto tres'
      FROM generate_series(1, ${missing}) g JOIN ${subjects} ON s.i = g % ${catalogueSubjects.length}
      RETURNING id
    ), l AS (
      INSERT INTO course_levels (course_id, position, title_en, title_es)
      SELECT c.id, 1, 'Level 1', 'Nivel 1' FROM c RETURNING id, course_id
    ), m AS (
      INSERT INTO course_modules (level_id, course_id, position, title_en, title_es)
      SELECT l.id, l.course_id, 1, 'Module 1', 'Módulo 1' FROM l RETURNING id, course_id
    )
    INSERT INTO lectures (module_id, course_id, position, title_en, title_es, description_en, description_es,
                          status, video_key, video_type, video_bytes, duration_seconds)
    SELECT m.id, m.course_id, p, 'Lecture ' || p, 'Lección ' || p, 'What this lecture covers.',
           'Lo que cubre esta lección.', 'published', v.video_key, v.video_type, v.video_bytes,
           -- Lengths from minutes to hours, so every length band has titles.
           (m.course_id % 9) * 1200 + 300
    FROM m, generate_series(1, 3) p LEFT JOIN video v ON TRUE`;

export async function insertCatalogueTitles(db: DbOrTx, missing: number) {
  await db.execute(catalogueTitles(missing));
}

/** Each catalogue title rated by bench learners picked by offset, ratings leaning to 4 and 5. */
export const catalogueReviews = (reviewsPerTitle: number) => sql`
    WITH learners AS (
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE ${isBenchLearner("users")}
    ), total AS (SELECT count(*) AS n FROM learners)
    INSERT INTO course_reviews (course_id, user_id, rating, body)
    SELECT c.id, l.id, (ARRAY[5, 4, 5, 3, 4, 5, 2, 4, 5, 1])[1 + (c.id * 3 + k * 7) % 10],
           CASE WHEN k % 2 = 0 THEN 'Clear lectures and useful practice: I would recommend this title.' ELSE '' END
    FROM courses c
      CROSS JOIN generate_series(1, ${reviewsPerTitle}) k
      CROSS JOIN total t
      JOIN learners l ON l.n = 1 + (c.id * ${reviewsPerTitle} + k) % t.n
    WHERE c.position > 1000 AND t.n > 0
    ON CONFLICT DO NOTHING`;

export async function insertCatalogueReviews(db: DbOrTx, reviewsPerTitle: number) {
  await db.execute(catalogueReviews(reviewsPerTitle));
}

/** Three published titles per bench learner, picked by id so the spread is even and repeatable. */
export const benchEnrolments = sql`
    WITH titles AS (SELECT array_agg(id ORDER BY id) AS ids FROM courses WHERE status = 'published')
    INSERT INTO enrolments (user_id, course_id, source, created_at)
    SELECT u.id, t.ids[1 + ((u.id * 3 + k) % cardinality(t.ids))], 'free', u.created_at
    FROM users u, titles t, generate_series(0, 2) k
    WHERE ${isBenchLearner("u")} AND cardinality(t.ids) >= 3
    ON CONFLICT DO NOTHING`;

export const enrolmentCounts = sql`
    UPDATE courses SET enrolment_count = (SELECT count(*) FROM enrolments e WHERE e.course_id = courses.id)`;

export async function enrolBenchLearners(db: DbOrTx) {
  await db.execute(benchEnrolments);
  await db.execute(enrolmentCounts);
}

/** `missing` notifications spread over the bench learners, the first `forTemplate` for the template learner. */
export const benchNotifications = (templateId: number, missing: number, forTemplate: number) => {
  const text = (en: string, es: string) => JSON.stringify({ en, es });
  return sql`
    WITH learners AS (
      SELECT array_agg(id) AS ids FROM users WHERE username LIKE ${`${BENCH_PREFIX}%`}
    )
    INSERT INTO notifications (user_id, type, title, description, action, read_at, created_at)
    SELECT CASE WHEN g <= ${forTemplate} OR cardinality(l.ids) IS NULL THEN ${templateId}
                ELSE l.ids[1 + g % cardinality(l.ids)] END,
           1 + g % 5,
           ${text("Your ticket has a new reply", "Tu ticket tiene una respuesta nueva")}::jsonb,
           ${text("Open it to read the answer.", "Ábrelo para leer la respuesta.")}::jsonb,
           jsonb_build_object('redirect', jsonb_build_object('id', g % 100 + 1)),
           CASE WHEN g % 4 = 0 THEN NULL ELSE now() END,
           now() - ((${missing} - g) || ' seconds')::interval
    FROM generate_series(1, ${missing}) g, learners l`;
};

export async function insertNotifications(
  db: DbOrTx,
  templateId: number,
  missing: number,
  forTemplate: number,
) {
  await db.execute(benchNotifications(templateId, missing, forTemplate));
}

/**
 * Past orders: per bench learner without one, `perLearner` paid orders each buying one access to a
 * paid exam, with its line (granting the access), payment and stored checkout answer; every access
 * used up by its submitted attempts, failed with no answer given (so no pass, certificate or
 * effect). Ids are drawn first so every row of an order can name the others.
 */
export const pastOrders = (perLearner: number) => {
  const seq = (table: string) => sql`nextval(pg_get_serial_sequence(${table}, 'id'))::int`;
  return sql`
    WITH exams AS (
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(price_pence ORDER BY id) AS prices,
             array_agg(time_limit_seconds ORDER BY id) AS limits
      FROM quizzes WHERE kind <> 'lecture' AND status = 'published' AND is_paid AND price_pence > 0
    ), src AS MATERIALIZED (
      SELECT u.id AS user_id, u.email, e.ids[i] AS quiz_id, e.prices[i] AS price, e.limits[i] AS time_limit,
             u.created_at + k * ((now() - u.created_at) / (${perLearner} + 1)) AS at,
             ${seq("orders")} AS order_id, ${seq("order_lines")} AS line_id,
             ${seq("exam_accesses")} AS access_id
      FROM users u CROSS JOIN exams e CROSS JOIN generate_series(1, ${perLearner}) k
      CROSS JOIN LATERAL (SELECT 1 + (u.id + k) % cardinality(e.ids) AS i) pick
      WHERE ${isBenchLearner("u")} AND cardinality(e.ids) > 0
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
    ), o AS (
      INSERT INTO orders (id, user_id, email, status, subtotal_pence, total_pence, language, created_at, paid_at,
                          updated_at)
      SELECT order_id, user_id, email, 'paid', price, price, 'en', at, at, at FROM src
    ), l AS (
      INSERT INTO order_lines (id, order_id, type, item_id, name, quantity, unit_price_pence, paid_pence, "grant",
                               created_at)
      SELECT line_id, order_id, 'exam_accesses', quiz_id, 'Exam access', 1, price, price,
             jsonb_build_object('examAccessIds', jsonb_build_array(access_id)), at
      FROM src
    ), a AS (
      INSERT INTO exam_accesses (id, user_id, quiz_id, attempts_used, source, order_line_id, created_at)
      SELECT access_id, user_id, quiz_id, ${quizLimits.attemptsPerAccess}, 'purchase', line_id, at FROM src
    ), t AS (
      INSERT INTO quiz_attempts (user_id, quiz_id, exam_access_id, question_ids, started_at, deadline_at,
                                 submitted_at, status, score_percent, points, max_points, passed, answers,
                                 results, updated_at)
      SELECT user_id, quiz_id, access_id, '[]', at + n * interval '1 hour',
             at + n * interval '1 hour' + make_interval(secs => time_limit), at + n * interval '1 hour' + interval '5 minutes',
             'submitted', 0, 0, 0, false, '{}', '{}', at + n * interval '1 hour' + interval '5 minutes'
      FROM src CROSS JOIN generate_series(1, ${quizLimits.attemptsPerAccess}) n
    ), p AS (
      INSERT INTO payments (order_id, provider, provider_ref, amount_pence, status, card_label, created_at,
                            updated_at)
      SELECT order_id, 'sandbox', 'pi_bench_' || order_id, price, 'succeeded', 'Visa •••• 4242', at, at FROM src
    )
    INSERT INTO checkout_requests (scope, key, request_hash, order_id, status_code, response, created_at)
    SELECT 'u:' || user_id, 'bench-' || order_id, md5(order_id::text) || md5(user_id::text), order_id, 201,
           jsonb_build_object('status', 'succeeded', 'order_id', order_id, 'order_status', 'paid'), at
    FROM src`;
};

export async function insertPastOrders(db: DbOrTx, perLearner: number) {
  await db.execute(pastOrders(perLearner));
}

/** The first seeded submitted practice attempt: the one bench learners' attempts copy. */
export const practiceTemplate = sql`
    SELECT a.id FROM quiz_attempts a JOIN quizzes q ON q.id = a.quiz_id
    WHERE q.kind = 'lecture' AND a.status = 'submitted' AND a.exam_access_id IS NULL ORDER BY a.id LIMIT 1`;

/** `perLearner` copies of the template attempt for each bench learner without a practice attempt. */
export const practiceAttempts = (template: number, perLearner: number, columns: string[]) => sql`
    INSERT INTO quiz_attempts (user_id, started_at, deadline_at, submitted_at, updated_at, ${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    SELECT u.id, at, at + (t.deadline_at - t.started_at), at + interval '3 minutes', at + interval '3 minutes',
           ${sql.join(
             columns.map((c) => sql`t.${sql.identifier(c)}`),
             sql`, `,
           )}
    FROM users u CROSS JOIN quiz_attempts t CROSS JOIN generate_series(1, ${perLearner}) k
    CROSS JOIN LATERAL (SELECT u.created_at + k * ((now() - u.created_at) / (${perLearner} + 1)) AS at) w
    WHERE t.id = ${template} AND ${isBenchLearner("u")}
      AND NOT EXISTS (SELECT 1 FROM quiz_attempts q WHERE q.user_id = u.id AND q.exam_access_id IS NULL)`;

/** Answers false when there is no attempt to copy. */
export async function insertPracticeAttempts(db: DbOrTx, perLearner: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(practiceTemplate);
  const template = rows[0]?.id;
  if (template === undefined) return false;
  const columns = (await writableColumns(db, "quiz_attempts")).filter(
    (c) => !["user_id", "started_at", "deadline_at", "submitted_at", "updated_at"].includes(c),
  );
  await db.execute(practiceAttempts(template, perLearner, columns));
  return true;
}

/** Bench data only: losing it in a crash costs nothing, waiting for each flush costs minutes. */
export const unflushedCommit = sql`SET LOCAL synchronous_commit = off`;

export async function skipCommitFlush(tx: DbOrTx) {
  await tx.execute(unflushedCommit);
}

/** The first demo learner (not a bench copy): the template of every bench learner. */
export const templateLearner = sql`SELECT id FROM users WHERE role_id = 1 AND username NOT LIKE ${`${BENCH_PREFIX}%`} ORDER BY id LIMIT 1`;

export async function templateLearnerId(db: DbOrTx): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(templateLearner);
  return rows[0]?.id;
}

/** Statistics for the grown tables, so the first plans the app's connections make fit them. */
export const analyze = sql`ANALYZE`;

export async function analyzeTables(db: DbOrTx) {
  await db.execute(analyze);
}

/** The first `wanted` active bench learners, enrolled in the title (when not already). */
export const benchLearnersIn = (courseId: number, wanted: number) => sql`
    WITH picked AS (
      SELECT id FROM users WHERE username LIKE ${`${BENCH_PREFIX}%`} AND status = 'active' ORDER BY id LIMIT ${wanted}
    ), enrolled AS (
      INSERT INTO enrolments (user_id, course_id, source) SELECT id, ${courseId}, 'free' FROM picked
      ON CONFLICT DO NOTHING
    )
    SELECT id FROM picked`;

export async function enrolBenchLearnersIn(db: DbOrTx, courseId: number, wanted: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(benchLearnersIn(courseId, wanted));
  return rows.map((r) => r.id);
}
