/**
 * Watch time that is real: a lecture view credits new watched seconds only as
 * fast as real time allows. A view begins when the learner opens the lecture (the page that issues
 * the media token) and lasts while it is used; over a view, the seconds credited never exceed the
 * wall-clock seconds since it began times the fastest speed the player offers, plus a small
 * tolerance for rounding. Pure rules here; the state is the `lecture_views` row (database clock),
 * opened by `beginView` (progress.sql.ts) and advanced by the progress report (progress.store.ts).
 */
import { catalogLimits } from "@aprendo/contract";

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
