/** Business constants and limits of spec section 9, in one place for server and client. */

/**
 * Upload sizes are in SI units (1 KB = 1,000 bytes, 1 MB = 1,000,000 bytes), which are also the
 * smaller ones: a file over "10 MB" as the learner's system counts it (in either unit) is over the
 * limit, so the stated limit holds whichever way it is read.
 */
export const KB = 1_000;
export const MB = 1_000_000;

export const limits = {
  apiTimeoutMs: 30_000,
  childAgeThreshold: 13,
  toastDurationMs: 3_000,
  scrollThrottleMs: 50,
  scrollDirectionMinPx: 1,
  keepAlivePages: 5,
  offlineShakeMs: 750,
  chunkLoadTimeoutMs: 120_000,
  ticketMessageMax: 4_000,
  ticketScreenshotsMax: 3,
  ticketScreenshotMaxBytes: 500 * KB,
  identityFileMaxBytes: 10 * MB,
  photoMaxBytes: 10 * MB,
  photoMaxAgeMonths: 6,
  paidExamAttemptsPerAccess: 2,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 60,
  emailMax: 254,
  deleteFeedbackMin: 10,
  deleteFeedbackMax: 1_000,
  phoneCodeResendSeconds: 60,
} as const;

/** Window widths (px) of spec section 9. */
export const breakpoints = {
  phoneSmall: 450,
  phone: 576,
  tablet: 768,
  laptop: 992,
  desktop: 1200,
  bigDesktop: 1650,
} as const;

/** Greeting boundaries of spec section 9: morning before 12, afternoon 12 to 17, evening from 18. */
export const greetingHours = { afternoonFrom: 12, eveningFrom: 18 } as const;

// The weekly goal's and the catalogue's limits live here, without zod, so a page that only shows
// them (the dashboard's goal, the lecture player's reports) does not load the schemas; the schema
// modules (schemas/goals.ts, schemas/catalog.ts) build on them and export them as before.

export const goalLimits = {
  minWeeklyMinutes: 10,
  /** Five hours a day, every day. */
  maxWeeklyMinutes: 2_100,
  presets: [30, 60, 150, 300],
  minReminderDays: 1,
  maxReminderDays: 30,
  reminderPresets: [2, 3, 7],
} as const;

export const catalogLimits = {
  lectureQuestionMin: 10,
  lectureQuestionMax: 1_000,
  lectureAnswerMax: 4_000,
  /** A note's TipTap JSON, serialised. */
  noteMaxBytes: 200_000,
  videoMaxBytes: 200 * MB,
  ebookMaxBytes: 30 * MB,
  coverMaxBytes: 5 * MB,
  /** Distinct watched seconds needed to complete a lecture, as a share of its duration. */
  completionShare: 0.95,
  /** The client should report progress at least this often while playing. */
  progressReportSeconds: 10,
  /**
   * The fastest playback speed the player offers. The server credits a lecture view at most this
   * many watched seconds per wall-clock second since the view began (plus a few seconds' tolerance).
   */
  maxPlaybackRate: 2,
  priceMaxPence: 100_000,
} as const;
