/**
 * Watch time that is real: a lecture view credits new watched seconds only as
 * fast as real time allows. A view begins when the learner opens the lecture (the page that issues
 * the media token) and lasts while it is used; over a view, the seconds credited never exceed the
 * wall-clock seconds since it began times the fastest speed the player offers, plus a small
 * tolerance for rounding. Pure rules here; the state is the `lecture_views` row (database clock),
 * opened by `beginView` and advanced by the progress report (progress.store.ts).
 */
import { catalogLimits } from "@aprendo/contract";
import type { Db } from "../db/client";

/** The fastest speed the web player offers (it caps the video element's playbackRate there too). */
export const MAX_PLAYBACK_RATE = catalogLimits.maxPlaybackRate;
/** Rounding of reported ranges to whole seconds (a range may end up to a second longer) and timer jitter. */
export const VIEW_TOLERANCE_SECONDS = 5;
/**
 * A view with no open and no report for this long is over: the next report or open begins a new
 * one, so a lecture opened once cannot be "watched" by a script days later. Long enough for a
 * paused video to resume into the same view in the usual case.
 */
export const VIEW_IDLE_SECONDS = 30 * 60;

export type LectureView = { startedAt: Date; creditedSeconds: number; seenAt: Date };

/** The view a report at `now` belongs to: the current one while it is live, else one beginning now. */
export function liveView(view: LectureView | null, now: Date): LectureView {
  if (view && now.getTime() - view.seenAt.getTime() < VIEW_IDLE_SECONDS * 1000) return view;
  return { startedAt: now, creditedSeconds: 0, seenAt: now };
}

/** New seconds the view may still credit at `now`: 2x the time since it began, minus what it credited. */
export function viewAllowance(view: LectureView, now: Date): number {
  const elapsed = Math.max(0, (now.getTime() - view.startedAt.getTime()) / 1000);
  return Math.max(0, Math.floor(elapsed * MAX_PLAYBACK_RATE) + VIEW_TOLERANCE_SECONDS - view.creditedSeconds);
}

/**
 * Opening a lecture begins a view, or continues the live one (a second tab, the page refreshing its
 * media links): continuing never widens the budget, and restarting an idle view narrows it. One
 * statement on the database clock, so every node agrees on the time.
 */
const BEGIN_VIEW = `INSERT INTO lecture_views (user_id, lecture_id, started_at, credited_seconds, seen_at)
VALUES ($1::int, $2::int, statement_timestamp(), 0, statement_timestamp())
ON CONFLICT (user_id, lecture_id) DO UPDATE SET
  started_at = CASE WHEN lecture_views.seen_at > EXCLUDED.seen_at - interval '${VIEW_IDLE_SECONDS} seconds'
    THEN lecture_views.started_at ELSE EXCLUDED.started_at END,
  credited_seconds = CASE WHEN lecture_views.seen_at > EXCLUDED.seen_at - interval '${VIEW_IDLE_SECONDS} seconds'
    THEN lecture_views.credited_seconds ELSE 0 END,
  seen_at = EXCLUDED.seen_at`;

export async function beginView(db: Db, userId: number, lectureId: number): Promise<void> {
  await db.$client.query({ name: "lecture_view_begin", text: BEGIN_VIEW, values: [userId, lectureId] });
}
