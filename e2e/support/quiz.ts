/**
 * A quiz attempt ready to open in the browser: Ana enrolled in the Spanish title, its first lecture's
 * video watched (the quiz's gate), and an attempt started through the API. Shared by the accessibility
 * specs that look at the attempt page (language of parts, focus under the clock bar).
 */
import type pg from "pg";
import { expect, type Page } from "./fixtures";

export async function startSpanishQuizAttempt(page: Page, database: pg.Client, token: string) {
  const {
    rows: [place],
  } = await database.query<{ user_id: number; course_id: number; lecture_id: number }>(
    `SELECT u.id AS user_id, q.course_id, q.lecture_id
       FROM users u, quizzes q JOIN courses c ON c.id = q.course_id
      WHERE u.username = 'ana' AND c.title_en = 'Everyday Spanish' AND q.kind = 'lecture' AND q.status = 'published'
      ORDER BY q.lecture_id LIMIT 1`,
  );
  expect(place).toBeDefined();
  const { user_id, course_id, lecture_id } = place!;
  await database.query(
    "INSERT INTO enrolments (user_id, course_id, source) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING",
    [user_id, course_id],
  );
  await database.query(
    `INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds, video_watched_at)
     VALUES ($1, $2, $3, '[[0, 600]]', 600, now())
     ON CONFLICT (user_id, lecture_id) DO UPDATE SET video_watched_at = now()`,
    [user_id, lecture_id, course_id],
  );
  const started = await page.request.post(`/api/iu/lectures/${lecture_id}/quiz/attempt`, {
    headers: { authorization: `Bearer ${token}`, "x-language-id": "1" },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const attempt = (await started.json()) as { id: number };
  // Leaving a running attempt asks for confirmation (beforeunload): tests navigate on.
  page.on("dialog", (dialog) => void dialog.accept());
  return `/iu/courses/${course_id}/lesson/${lecture_id}/quiz/attempt?id=${attempt.id}`;
}
