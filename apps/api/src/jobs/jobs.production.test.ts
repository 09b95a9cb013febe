/**
 * Every job of workers.ts run as in production: pg-boss on this file's database with the schedules,
 * queues and workers the app registers, nothing inline (see test/production-jobs.ts). A cron job
 * runs because pg-boss's own scheduler fires it: the test moves pg-boss's clock to just before the
 * job's next occurrence and lets it tick through the cron pass, the send-it queue and the worker's
 * poll. A job the app sends runs when pg-boss hands it to the worker (after its delay, if any).
 */
import { eq, sql } from "drizzle-orm";
import type { JobWithMetadata } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { buildCoupon, buildPaidCourse, cards, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import {
  coupons,
  creditBalances,
  examPassEffects,
  notifications,
  orders,
  privacyExports,
  quizAttempts,
  tickets,
  users,
} from "../db/schema/index";
import type { PaymentResult } from "../payments/payments.port";
import { paymentProvider } from "../payments/payments.service";
import type { SandboxProvider } from "../payments/sandbox.provider";
import {
  buildQuizCourse,
  enrolAndComplete,
  enrolAndWatch,
  giveExamAccess,
  type QuizCourse,
  rightAnswer,
} from "../quizzes/quizzes.fixtures";

let t: ProductionJobsApp;
beforeAll(async () => {
  t = await createProductionJobsApp();
});
afterAll(() => t?.close());

const call = (user: BuiltUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

/**
 * Waits until pg-boss records a job of `queue` (one that `match`es) as completed: it does so just
 * after the handler returns, so a moment after the job's effect shows, with no clock to move. A cron
 * occurrence's job is awaited with `t.occurrenceCompleted` instead, which moves the clock: the effect
 * may have come from an earlier occurrence's late job, before the occurrence's own was even sent.
 */
const completion = (queue: string, match: (job: JobWithMetadata<unknown>) => boolean = () => true) =>
  t.until(
    `a completed ${queue} job`,
    async () => (await t.jobsOf(queue)).find((j) => j.state === "completed" && match(j)),
    { clockBudgetMs: 0 },
  );

// ---------- quizzes ----------

type Attempt = { id: number; deadline_at: string; questions: Array<{ id: number; type: string }> };

const attemptRow = async (id: number) =>
  (await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, id)))[0]!;
const graded = async (id: number) => {
  const row = await attemptRow(id);
  return row.status !== "in_progress" && row;
};
/** As if the time limit had run out: the app's code reads real time, not pg-boss's clock. */
const deadlinePassed = (id: number) =>
  t.deps.db
    .update(quizAttempts)
    .set({ deadlineAt: new Date(Date.now() - 1_000) })
    .where(eq(quizAttempts.id, id));

async function startLectureQuiz(course: QuizCourse): Promise<{ learner: BuiltUser; attempt: Attempt }> {
  const learner = await buildLearner(t);
  await enrolAndWatch(t, learner, course);
  const res = await call(learner, "POST", `/api/iu/lectures/${course.lectureIds[0]}/quiz/attempt`);
  expect(res.statusCode, res.body).toBe(201);
  return { learner, attempt: res.json() };
}

/**
 * The deadline job a start queued (sent without waiting, so it may land just after the answer): one
 * per second of deadlines, `at` the second after it.
 */
const queuedDeadlineJob = (attempt: Attempt) => {
  const at = Math.ceil(Date.parse(attempt.deadline_at) / 1000) + 1;
  return t.until(
    "the deadline job to be queued",
    async () => (await t.jobsOf("quiz.expire-due")).find((j) => (j.data as { at?: number }).at === at),
    { clockBudgetMs: 0 },
  );
};

async function answerAll(learner: BuiltUser, attempt: Attempt) {
  for (const q of attempt.questions) {
    const res = await call(learner, "PUT", `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`, {
      answer: rightAnswer(q as Parameters<typeof rightAnswer>[0]),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A learner's passed module exam, submitted over HTTP: its congratulations wait in the queue. */
async function passModuleExam(course: QuizCourse): Promise<BuiltUser> {
  const learner = await buildLearner(t);
  await enrolAndComplete(t, learner, course);
  await giveExamAccess(t, learner.id, course.moduleExamId);
  const started = await call(learner, "POST", `/api/iu/course-modules/${course.moduleIds[0]}/quiz/attempt`);
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json() as Attempt;
  await answerAll(learner, attempt);
  const result = await call(learner, "POST", `/api/iu/quiz-attempts/${attempt.id}/submit`);
  expect(result.json()).toMatchObject({ passed: true });
  return learner;
}

/** The congratulations a learner reads in their notifications (spec: type 5). */
async function congratulationsOf(learner: BuiltUser) {
  const res = await call(learner, "GET", "/api/iu/notifications/me");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ type: number }>).filter((n) => n.type === 5);
}

describe("quizzes", () => {
  // Titles whose quizzes have different time limits, so attempts started a moment apart never share
  // a deadline second (and so a deadline job). 30 seconds is the shortest limit.
  let course: QuizCourse;
  let longer: QuizCourse;
  beforeAll(async () => {
    course = await buildQuizCourse(t, { timeLimitSeconds: 30 });
    longer = await buildQuizCourse(t, { timeLimitSeconds: 300 });
  });

  it("the minute sweep (quiz.expire-overdue, every minute) submits an attempt whose deadline passed", async () => {
    const { learner, attempt } = await startLectureQuiz(longer);
    // The sweep is there for attempts whose deadline job was lost: lose it.
    await queuedDeadlineJob(attempt);
    await t.boss.deleteQueuedJobs("quiz.expire-due");
    await deadlinePassed(attempt.id);
    const occurrence = await t.beforeNext("* * * * *");
    const row = await t.until("the sweep to grade the attempt", () => graded(attempt.id));
    expect(row).toMatchObject({ status: "expired", passed: false });
    await t.occurrenceCompleted("quiz.expire-overdue", occurrence);
    const result = await call(learner, "GET", `/api/iu/quiz-attempts/${attempt.id}/result`);
    expect(result.json()).toMatchObject({ status: "expired", score_percent: 0, passed: false });
  });

  describe("with the minute sweep's worker stopped, so only the job under test can act", () => {
    beforeAll(async () => {
      await t.boss.offWork("quiz.expire-overdue", { wait: true });
    });

    it("the job queued at an exam's start (quiz.expire-due) submits it a second after its deadline", async () => {
      const { attempt } = await startLectureQuiz(course);
      const due = await queuedDeadlineJob(attempt);
      // Queued at start for the second after the deadline, not run before.
      const delay = due.startAfter.getTime() - t.clock.now();
      expect(delay).toBeGreaterThan(29_000);
      expect(delay).toBeLessThanOrEqual(33_000);
      await deadlinePassed(attempt.id);
      await t.clock.tick(delay - 2_000);
      expect((await attemptRow(attempt.id)).status).toBe("in_progress");
      const row = await t.until("the deadline job to grade the attempt", () => graded(attempt.id));
      expect(row).toMatchObject({ status: "expired" });
      await completion("quiz.expire-due", (job) => job.id === due.id);
    });

    it("a first exam pass is congratulated by the job sent with the grade (quiz.pass-effects-due)", async () => {
      const learner = await passModuleExam(course);
      // Nothing inline: the answer came before the congratulations.
      expect(await congratulationsOf(learner)).toHaveLength(0);
      await t.until("the congratulations", async () => (await congratulationsOf(learner)).length > 0, {
        clockBudgetMs: 10_000,
      });
      expect(await congratulationsOf(learner)).toHaveLength(1);
      await completion("quiz.pass-effects-due");
      const queued = await t.deps.db
        .select()
        .from(examPassEffects)
        .where(eq(examPassEffects.userId, learner.id));
      expect(queued).toHaveLength(0);
    });
  });
});

// ---------- commerce ----------

describe("commerce", () => {
  const sandbox = () => paymentProvider(t.deps) as SandboxProvider;

  it("the five-minute expiry (commerce.expire-orders) cancels an order left at 3-D Secure and gives back what it held", async () => {
    const learner = await buildLearner(t);
    const course = await buildPaidCourse(t, 4000);
    const coupon = await buildCoupon(t, { maxUses: 1 });
    await t.deps.db.insert(creditBalances).values({ userId: learner.id, balancePence: 500 });
    const res = await checkoutAs(t, learner, {
      items: [{ type: "course", id: course.id }],
      coupon_code: coupon.code,
      use_credit: true,
      payment: { card_token: await cardToken(t, cards.threeDSecure) },
    });
    expect(res.json()).toMatchObject({ status: "requires_action" });
    const orderId = res.json().order_id as number;
    const couponUses = async () =>
      (await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses;
    const credit = async () =>
      (await t.deps.db.select().from(creditBalances).where(eq(creditBalances.userId, learner.id)))[0]!
        .balancePence;
    expect([await couponUses(), await credit()]).toEqual([1, 0]);
    // The learner walked away from the bank's page more than an hour ago (PENDING_ORDER_TTL_MINUTES).
    await t.deps.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(orders.id, orderId));

    const occurrence = await t.beforeNext("*/5 * * * *");
    await t.until("the order to expire", async () => {
      const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
      return order?.status === "failed";
    });
    expect([await couponUses(), await credit()]).toEqual([0, 500]);
    await t.occurrenceCompleted("commerce.expire-orders", occurrence);
  });

  it("money taken with no order behind it is refunded ten minutes later (commerce.orphan-payment)", async () => {
    const learner = await buildLearner(t);
    const course = await buildPaidCourse(t, 2900);
    const provider = sandbox();
    const realCreate = provider.createPayment.bind(provider);
    let charged: PaymentResult | undefined;
    // The provider takes the money; the process dies before the order's transaction commits.
    vi.spyOn(provider, "createPayment").mockImplementationOnce(async (input) => {
      charged = await realCreate(input);
      throw new Error("the process died here");
    });
    const refund = vi.spyOn(provider, "refund");
    try {
      const died = await checkoutAs(t, learner, {
        items: [{ type: "course", id: course.id }],
        payment: { card_token: await cardToken(t) },
      });
      expect(died.statusCode).toBe(500);
      const body = JSON.stringify({ type: "payment_succeeded", ref: charged!.providerRef });
      const event = await t.app.inject({
        method: "POST",
        url: "/api/payments/sandbox/webhook",
        headers: { "content-type": "application/json", "sandbox-signature": provider.signEvent(body) },
        payload: body,
      });
      expect(event.statusCode).toBe(200);
      // Not at once: its checkout might still commit. The check waits ten minutes in the queue.
      const [check] = await t.jobsOf("commerce.orphan-payment");
      expect(check!.startAfter.getTime() - t.clock.now()).toBeGreaterThan(595_000);
      await t.clock.setTime(t.clock.now() + 590_000);
      expect(refund).not.toHaveBeenCalled();
      await t.until("the refund", async () => refund.mock.calls.length > 0, { clockBudgetMs: 30_000 });
      expect(refund).toHaveBeenCalledWith(charged!.providerRef, 2900, `orphan:${charged!.providerRef}`);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

// ---------- accounts and privacy ----------

describe("accounts and privacy", () => {
  it("a requested copy of one's data is built by its job (privacy.build-export) and offered for download", async () => {
    const learner = await buildLearner(t);
    const asked = await call(learner, "POST", "/api/iu/privacy/export");
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().data).toMatchObject({ status: "pending" });
    const state = await t.until("the export to be ready", async () => {
      const data = (await call(learner, "GET", "/api/iu/privacy/export")).json().data;
      return data?.status === "ready" && data;
    });
    const file = await call(learner, "GET", state.download_url);
    expect(file.statusCode).toBe(200);
    expect(JSON.parse(file.body).account.username).toBe(learner.username);
  });

  it("the daily expiry (privacy.expire-exports, 04:15) deletes files past their seven days", async () => {
    const learner = await buildLearner(t);
    await call(learner, "POST", "/api/iu/privacy/export");
    const ready = await t.until("the export to be ready", async () => {
      const [row] = await t.deps.db
        .select()
        .from(privacyExports)
        .where(eq(privacyExports.userId, learner.id));
      return row?.status === "ready" && row;
    });
    await t.deps.db
      .update(privacyExports)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(privacyExports.id, ready.id));
    const occurrence = await t.beforeNext("15 4 * * *");
    const expired = await t.until("the export to expire", async () => {
      const [row] = await t.deps.db.select().from(privacyExports).where(eq(privacyExports.id, ready.id));
      return row?.status === "expired" && row;
    });
    expect(expired.fileKey).toBeNull();
    expect(await t.deps.storage.get(ready.fileKey!)).toBeNull();
    await t.occurrenceCompleted("privacy.expire-exports", occurrence);
  });

  it("the daily erasure (accounts.erase-expired, 03:30) erases an account 14 days after deletion; account.erased removes its tickets and data copies", async () => {
    const learner = await buildLearner(t);
    await t.deps.db.insert(tickets).values({ userId: learner.id, description: "My card was charged twice" });
    await t.deps.db.insert(privacyExports).values({ userId: learner.id, requestedBy: learner.id });
    await t.deps.db
      .update(users)
      .set({
        status: "pending_deletion",
        deletionRequestedAt: new Date(Date.now() - 14 * 86_400_000 - 1_000),
      })
      .where(eq(users.id, learner.id));

    const occurrence = await t.beforeNext("30 3 * * *");
    const erased = await t.until("the account to be erased", async () => {
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, learner.id));
      return row?.status === "erased" && row;
    });
    expect(erased).toMatchObject({ username: `deleted-${learner.id}`, email: null, firstName: "" });
    await t.occurrenceCompleted("accounts.erase-expired", occurrence);
    // The erasure sends account.erased; its cleanups run in their own job.
    await t.until("the tickets and data copies to go", async () => {
      const left = await t.deps.db.select().from(tickets).where(eq(tickets.userId, learner.id));
      const copies = await t.deps.db
        .select()
        .from(privacyExports)
        .where(eq(privacyExports.userId, learner.id));
      return left.length === 0 && copies.length === 0;
    });
    await completion("account.erased", (job) => (job.data as { userId?: number }).userId === learner.id);
    const login = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: learner.auth });
    expect(login.statusCode).toBe(401);
    expect(await t.deps.db.select().from(notifications).where(eq(notifications.userId, learner.id))).toEqual(
      [],
    );
  });
});
