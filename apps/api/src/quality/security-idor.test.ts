/**
 * Security: no IDOR. Every resource that belongs to one person is created by
 * learner A; learner B (an ordinary signed-in learner, enrolled in the same title, so enrolment is
 * not what stops them) calls every route that takes its id and must get 404 (403 where the API's
 * convention is so) without a byte of A's data; A then calls the same route and succeeds, so the
 * test cannot pass because the route is simply broken. Routes keyed by something the caller may
 * legitimately address (a lecture) and answering with the caller's own data are checked the other
 * way: B gets 200 and none of A's data.
 *
 * Adding a resource = one entry in `table`. The last test lists every documented route with a path
 * parameter outside the staff areas (/api/af, /api/ha, /api/ma: route-policy.test.ts keeps learners
 * out of those) and fails if one is neither in the table nor in `exempt` with its reason.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { verifyProfile } from "../certificates/certificates.fixtures";
import { issueDueCertificates } from "../certificates/certificates.service";
import { cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import {
  courses,
  globalNotifications,
  lectureEbooks,
  lectureProgress,
  notifications,
  outbox,
  ticketSubjects,
} from "../db/schema/index";
import {
  buildQuizCourse,
  completeLectures,
  enrolAndWatch,
  type QuizCourse,
} from "../quizzes/quizzes.fixtures";
import { multipart, pngBytes } from "../tickets/test-support";

/** Text only A wrote; it must never appear in an answer to B. */
const SECRET = `only-for-ana-${randomUUID()}`;

let t: TestApp;
let a: BuiltUser;
let b: BuiltUser;
let course: QuizCourse;
/** Ids of A's resources (and a few of B's, for routes whose "other" id is B's own). */
const ids: Record<string, number | string> = {};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Entry = {
  resource: string;
  method: Method;
  /** The route exactly as the OpenAPI document writes it. */
  route: string;
  url: () => string;
  payload?: () => unknown;
  /** Extra headers for A's call only (a guest link's token, for instance). */
  /**
   * "owner": B gets 403/404, A succeeds. "scoped": the id is not A's (a lecture both may open); B
   * gets 200 with B's own data and none of A's.
   */
  kind?: "owner" | "scoped";
  /** Statuses A may get (default: any 2xx). */
  ownerStatuses?: number[];
  /** B's call, when B is not an ordinary learner calling with A's URL (guest links). */
  other?: () => { url: string; headers?: Record<string, string> };
  owner?: () => { url: string; headers?: Record<string, string> };
};

const lecture = () => course.lectureIds[0]!;

/** Order matters: reads first, then changes, then deletions (the table runs top to bottom). */
const table: Entry[] = [
  // Support tickets of a learner, their thread, attachments and states.
  {
    resource: "ticket",
    method: "GET",
    route: "/api/iu/tickets/{id}",
    url: () => `/api/iu/tickets/${ids.ticket}`,
  },
  {
    resource: "ticket screenshot",
    method: "GET",
    route: "/api/iu/tickets/{id}/attachments/{attachmentId}",
    url: () => `/api/iu/tickets/${ids.ticket}/attachments/${ids.attachment}`,
  },
  {
    resource: "ticket message",
    method: "POST",
    route: "/api/iu/tickets/{id}/messages",
    url: () => `/api/iu/tickets/${ids.ticket}/messages`,
    payload: () => ({ body: "A reply long enough to be accepted by the form." }),
  },
  {
    resource: "ticket",
    method: "PUT",
    route: "/api/iu/tickets/{id}/resolve",
    url: () => `/api/iu/tickets/${ids.ticket}/resolve`,
  },
  {
    resource: "ticket",
    method: "PUT",
    route: "/api/iu/tickets/{id}/reopen",
    url: () => `/api/iu/tickets/${ids.ticket}/reopen`,
  },
  // A guest's ticket, reached by its private link: the token of another guest ticket opens nothing.
  ...(
    [
      ["GET", "/api/tickets/{id}", ""],
      ["GET", "/api/tickets/{id}/attachments/{attachmentId}", "attachments"],
      ["POST", "/api/tickets/{id}/messages", "messages"],
      ["PUT", "/api/tickets/{id}/resolve", "resolve"],
      ["PUT", "/api/tickets/{id}/reopen", "reopen"],
    ] as const
  ).map(
    ([method, route, tail]): Entry => ({
      resource: "guest ticket",
      method,
      route,
      url: () => "",
      ...(method === "POST"
        ? { payload: () => ({ body: "A reply long enough to be accepted by the form." }) }
        : {}),
      owner: () => ({ url: guestUrl(ids.guestTicket, tail, ids.guestToken) }),
      other: () => ({ url: guestUrl(ids.guestTicket, tail, ids.otherGuestToken) }),
    }),
  ),
  // Personal notifications.
  {
    resource: "notification",
    method: "PUT",
    route: "/api/notifications/{id}/read",
    url: () => `/api/notifications/${ids.notification}/read`,
  },
  // Lecture notes and questions: keyed by a lecture both are enrolled in; each sees only their own.
  {
    resource: "lecture note",
    kind: "scoped",
    method: "GET",
    route: "/api/iu/lectures/{id}/note",
    url: () => `/api/iu/lectures/${lecture()}/note`,
  },
  {
    resource: "lecture notes of a title",
    kind: "scoped",
    method: "GET",
    route: "/api/iu/courses/{id}/notes",
    url: () => `/api/iu/courses/${course.id}/notes`,
  },
  {
    resource: "lecture notes export",
    kind: "scoped",
    method: "GET",
    route: "/api/iu/courses/{id}/notes/export",
    url: () => `/api/iu/courses/${course.id}/notes/export`,
  },
  {
    resource: "lecture questions",
    kind: "scoped",
    method: "GET",
    route: "/api/iu/lectures/{id}/questions",
    url: () => `/api/iu/lectures/${lecture()}/questions`,
  },
  // A's question is private (the default): to B it does not exist, so B can neither vote, follow,
  // answer nor publish it; A may do all four on their own question.
  {
    resource: "private lecture question",
    method: "PUT",
    route: "/api/iu/questions/{id}/vote",
    url: () => `/api/iu/questions/${ids.lectureQuestion}/vote`,
    payload: () => ({ on: true }),
  },
  {
    resource: "private lecture question",
    method: "PUT",
    route: "/api/iu/questions/{id}/follow",
    url: () => `/api/iu/questions/${ids.lectureQuestion}/follow`,
    payload: () => ({ on: true }),
  },
  {
    resource: "private lecture question",
    method: "POST",
    route: "/api/iu/questions/{id}/answers",
    url: () => `/api/iu/questions/${ids.lectureQuestion}/answers`,
    payload: () => ({ answer: "Adding what I found out since asking." }),
  },
  {
    resource: "private lecture question",
    method: "PUT",
    route: "/api/iu/questions/{id}/visibility",
    url: () => `/api/iu/questions/${ids.lectureQuestion}/visibility`,
    // Stays private, so every later check still sees it hidden from B.
    payload: () => ({ is_public: false }),
  },
  // A title's rating: keyed by a title both are enrolled in; each reads only their own review.
  {
    resource: "own review of a title",
    kind: "scoped",
    method: "GET",
    route: "/api/iu/courses/{id}/review",
    url: () => `/api/iu/courses/${course.id}/review`,
  },
  {
    resource: "enrolment progress",
    kind: "scoped",
    method: "GET",
    route: "/api/iu/lectures/{id}",
    url: () => `/api/iu/lectures/${lecture()}`,
  },
  // Quiz attempts and their results.
  {
    resource: "quiz attempt",
    method: "GET",
    route: "/api/iu/quiz-attempts/{id}",
    url: () => `/api/iu/quiz-attempts/${ids.attempt}`,
  },
  {
    resource: "quiz answer",
    method: "PUT",
    route: "/api/iu/quiz-attempts/{id}/answers/{questionId}",
    url: () => `/api/iu/quiz-attempts/${ids.attempt}/answers/${ids.question}`,
    payload: () => ({ answer: { type: "single", option_id: ids.option } }),
  },
  {
    resource: "quiz attempt (more time)",
    method: "POST",
    route: "/api/iu/quiz-attempts/{id}/extend",
    url: () => `/api/iu/quiz-attempts/${ids.attempt}/extend`,
  },
  {
    resource: "quiz attempt",
    method: "POST",
    route: "/api/iu/quiz-attempts/{id}/submit",
    url: () => `/api/iu/quiz-attempts/${ids.attempt}/submit`,
  },
  {
    resource: "quiz result",
    method: "GET",
    route: "/api/iu/quiz-attempts/{id}/result",
    url: () => `/api/iu/quiz-attempts/${ids.attempt}/result`,
  },
  // Certificates.
  {
    resource: "certificate",
    method: "GET",
    route: "/api/iu/certificates/{id}",
    url: () => `/api/iu/certificates/${ids.certificate}`,
  },
  {
    resource: "certificate PDF",
    method: "GET",
    route: "/api/iu/certificates/{id}/pdf",
    url: () => `/api/iu/certificates/${ids.certificate}/pdf`,
  },
  {
    resource: "certificate credential (JSON)",
    method: "GET",
    route: "/api/iu/certificates/{id}/credential.json",
    url: () => `/api/iu/certificates/${ids.certificate}/credential.json`,
  },
  {
    resource: "certificate credential (JWT)",
    method: "GET",
    route: "/api/iu/certificates/{id}/credential.jwt",
    url: () => `/api/iu/certificates/${ids.certificate}/credential.jwt`,
  },
  {
    resource: "certificate badge",
    method: "GET",
    route: "/api/iu/certificates/{id}/badge.png",
    url: () => `/api/iu/certificates/${ids.certificate}/badge.png`,
  },
  // Orders, receipts, saved cards.
  {
    resource: "receipt",
    method: "GET",
    route: "/api/iu/purchases/{orderId}/receipt",
    url: () => `/api/iu/purchases/${ids.order}/receipt`,
  },
  {
    resource: "order",
    method: "POST",
    route: "/api/iu/checkout/{orderId}/confirm",
    url: () => `/api/iu/checkout/${ids.order}/confirm`,
  },
  {
    resource: "saved card",
    method: "PUT",
    route: "/api/iu/cards/{id}/default",
    url: () => `/api/iu/cards/${ids.card}/default`,
  },
  // The copy of one's personal data (GDPR export).
  {
    resource: "personal data export",
    method: "GET",
    route: "/api/iu/privacy/export/{id}/file",
    url: () => `/api/iu/privacy/export/${ids.privacyExport}/file`,
  },
  {
    resource: "saved card",
    method: "DELETE",
    route: "/api/iu/cards/{id}",
    url: () => `/api/iu/cards/${ids.card}`,
  },
];

/**
 * Routes with a path parameter outside the staff areas that are not owner-bound, and why. Anything
 * new that takes an id must be added to `table` or here.
 */
const exempt: Record<string, string> = {
  // Catalogue content, the same for every learner; enrolment gates are tested in learning/ and quizzes/.
  "GET /api/iu/courses/{id}": "catalogue",
  "GET /api/iu/courses/{id}/exams": "catalogue (the caller's own access only)",
  "POST /api/iu/courses/{id}/enrol": "enrols the caller in a free title",
  "GET /api/iu/categories/{id}/courses": "catalogue",
  "GET /api/iu/lectures/{id}/quiz-gate": "the caller's own gate for a lecture",
  "GET /api/iu/lectures/{id}/video": "lecture media behind enrolment (learning tests)",
  "GET /api/iu/lectures/{id}/captions/{language}":
    "lecture media behind the video's token and enrolment (captions tests)",
  "GET /api/iu/lectures/{id}/hls/{file}":
    "lecture media behind the video's token and enrolment (media tests)",
  "GET /api/iu/lectures/{id}/resources": "lecture resources behind enrolment (resources tests)",
  "GET /api/iu/lectures/{id}/resources/{resourceId}/file":
    "lecture resources behind enrolment (resources tests)",
  "GET /api/iu/lectures/{id}/ebooks/{ebookId}/file": "lecture media behind enrolment (learning tests)",
  "GET /api/iu/library/ebooks/{id}":
    "an e-book the caller owns or reads through a title (library tests: 403 for others)",
  "GET /api/iu/library/ebooks/{id}/download":
    "an e-book the caller owns or reads through a title (library tests: 403 for others)",
  "POST /api/iu/lectures/{id}/ebooks/{ebookId}/view-token":
    "issues a short-lived token for the caller, behind enrolment (checked below: B's token is B's)",
  "PUT /api/iu/ebooks/{id}/last-page": "writes the caller's own page (checked below)",
  "PUT /api/iu/lectures/{id}/progress": "writes the caller's own progress (checked below)",
  "PUT /api/iu/lectures/{id}/completion":
    "writes the caller's own progress on a lecture without a video (learning/completion.test.ts)",
  "PUT /api/iu/lectures/{id}/note": "writes the caller's own note (checked below)",
  "DELETE /api/iu/lectures/{id}/note": "deletes the caller's own note (checked below)",
  "POST /api/iu/lectures/{id}/questions": "asks as the caller",
  "PUT /api/iu/courses/{id}/review": "writes the caller's own review (checked below)",
  "POST /api/iu/reviews/{id}/report":
    "reports a review every reader of the title sees (by design; once per learner, reviews tests)",
  "PUT /api/iu/courses/{id}/wishlist": "the caller's own wish list row for a listed title (wishlist tests)",
  "PUT /api/iu/courses/{id}/notify": "the caller's own notice request for a listed title (notify tests)",
  "GET /api/iu/lectures/{id}/quiz": "quiz of a lecture, the caller's own state",
  "POST /api/iu/lectures/{id}/quiz/attempt": "starts or resumes the caller's own attempt",
  "GET /api/iu/course-modules/{id}/quiz": "the caller's own state",
  "POST /api/iu/course-modules/{id}/quiz/attempt": "the caller's own attempt",
  "GET /api/iu/course-levels/{id}/quiz": "the caller's own state",
  "POST /api/iu/course-levels/{id}/quiz/attempt": "the caller's own attempt",
  // Announcements to everyone; the read mark is the caller's own (checked below).
  "GET /api/iu/global-notifications/{id}": "announcement to every learner",
  "PUT /api/iu/global-notifications/{id}/read": "marks the caller's own read state (checked below)",
  "GET /api/iu/faqs/{id}": "public content",
  "GET /api/iu/events/{id}": "public content",
  "GET /api/iu/events/{id}/ical": "public content",
  // Public routes.
  "GET /api/faqs/{id}": "public content",
  "GET /api/courses/{id}": "public catalogue",
  "GET /api/courses/{id}/cover": "public catalogue",
  "GET /api/courses/{id}/reviews": "a title's public reviews",
  "GET /api/lectures/{id}/preview": "free preview lectures only",
  "GET /api/lectures/{id}/preview/video": "free preview lectures only",
  "GET /api/lectures/{id}/preview/captions/{language}": "free preview lectures only",
  "GET /api/lectures/{id}/preview/hls/{file}": "free preview lectures only",
  "GET /api/adverts/{id}/image": "public advert",
  "GET /api/shop/products/{id}": "public shop",
  "GET /api/shop/products/{id}/image": "public shop",
  "GET /api/certificates/verify/{code}": "public verification by an unguessable code (by design)",
  "GET /api/certificates/profiles/{handle}": "a learner's opt-in public certificates page (by design)",
  "GET /api/credentials/status/{purpose}": "the public revocation and suspension lists",
  // Payment sandbox pages: addressed by the provider reference, only in the sandbox provider.
  "GET /api/payments/sandbox/authenticate/{ref}": "sandbox 3-D Secure page (not in production)",
  "POST /api/payments/sandbox/authenticate/{ref}": "sandbox 3-D Secure decision (not in production)",
  // A guest checkout confirms with a confirm_token issued to the buyer (commerce tests).
  "POST /api/checkout/{orderId}/confirm": "guest order: needs its confirm_token (commerce tests)",
};

/** A rich-text note (the editor's document). */
const doc = (text: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

function guestUrl(id: unknown, tail: string, token: unknown) {
  const suffix = tail === "attachments" ? `/attachments/${ids.guestAttachment}` : tail ? `/${tail}` : "";
  return `/api/tickets/${id}${suffix}?token=${encodeURIComponent(String(token))}`;
}

function call(
  user: BuiltUser | null,
  entry: Entry,
  target: { url: string; headers?: Record<string, string> },
) {
  const body = entry.payload?.();
  return t.app.inject({
    method: entry.method,
    url: target.url,
    headers: { ...(user?.auth ?? {}), ...(target.headers ?? {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

async function openTicket(user: BuiltUser | null, email?: string) {
  const form = multipart(
    {
      subject_id: Number(ids.subject),
      description: `${SECRET} The video stops after ten seconds every time.`,
      ...(email ? { email } : {}),
    },
    [{ filename: "screen.png", content: pngBytes(7) }],
  );
  const res = await t.app.inject({
    method: "POST",
    url: user ? "/api/iu/tickets" : "/api/tickets",
    headers: { ...(user?.auth ?? {}), ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function guestTicket(email: string) {
  await openTicket(null, email);
  const [mail] = await t.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(outbox.id)
    .limit(1);
  const link = /ticket=(\d+)&token=([^\s"&<]+)/.exec(mail!.bodyText);
  expect(link, "guest ticket link in the mail").not.toBeNull();
  return { id: Number(link![1]), token: decodeURIComponent(link![2]!) };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await buildLearner(t);
  b = await buildLearner(t);
  course = await buildQuizCourse(t);
  await enrolAndWatch(t, a, course);
  await enrolAndWatch(t, b, course);
  const db = t.deps.db;

  const [subject] = await db
    .insert(ticketSubjects)
    .values({ titleEn: "Technical problem", titleEs: "Problema técnico", position: 1 })
    .returning();
  ids.subject = subject!.id;
  const ticket = await openTicket(a);
  ids.ticket = ticket.data.id;
  const thread = (await t.app.inject({ url: `/api/iu/tickets/${ids.ticket}`, headers: a.auth })).json();
  ids.attachment = JSON.stringify(thread).match(/"attachments":\[\{"id":(\d+)/)?.[1] ?? "";
  expect(ids.attachment, JSON.stringify(thread).slice(0, 600)).not.toBe("");

  const guest = await guestTicket(`guest-${randomUUID()}@example.com`);
  const otherGuest = await guestTicket(`guest-${randomUUID()}@example.com`);
  ids.guestTicket = guest.id;
  ids.guestToken = guest.token;
  ids.otherGuestToken = otherGuest.token;
  const guestThread = (await t.app.inject({ url: guestUrl(guest.id, "", guest.token) })).json();
  ids.guestAttachment = JSON.stringify(guestThread).match(/"attachments":\[\{"id":(\d+)/)?.[1] ?? "";

  const [note] = await db
    .insert(notifications)
    .values({
      userId: a.id,
      type: 1,
      title: { en: SECRET, es: SECRET },
      description: { en: SECRET, es: SECRET },
      action: {},
    })
    .returning({ id: notifications.id });
  ids.notification = note!.id;

  const saved = await t.app.inject({
    method: "PUT",
    url: `/api/iu/lectures/${lecture()}/note`,
    headers: a.auth,
    payload: { content: doc(`My note ${SECRET}`) },
  });
  expect(saved.statusCode, saved.body).toBeLessThan(300);
  const asked = await t.app.inject({
    method: "POST",
    url: `/api/iu/lectures/${lecture()}/questions`,
    headers: a.auth,
    payload: { body: `Why ${SECRET}?` },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  ids.lectureQuestion = asked.json().data.id;
  await t.app.inject({
    method: "PUT",
    url: `/api/iu/lectures/${lecture()}/progress`,
    headers: a.auth,
    payload: { ranges: [[0, 20]], position: 17 },
  });

  const started = await t.app.inject({
    method: "POST",
    url: `/api/iu/lectures/${lecture()}/quiz/attempt`,
    headers: a.auth,
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json();
  ids.attempt = attempt.id;
  const single = attempt.questions.find((q: { type: string }) => q.type === "single");
  ids.question = single.id;
  ids.option = single.options[0].id;

  // A finished title and a complete, verified profile give A a certificate they may open.
  for (const lectureId of course.lectureIds)
    await db
      .insert(lectureProgress)
      .values({
        userId: a.id,
        lectureId,
        courseId: course.id,
        videoWatchedAt: new Date(),
        completedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [lectureProgress.userId, lectureProgress.lectureId],
        set: { completedAt: new Date(), videoWatchedAt: new Date() },
      });
  await verifyProfile(t, a.id);
  const issued = await issueDueCertificates({ db }, a.id);
  ids.certificate = issued[0]!;
  // Past the progress share, A rates the title.
  const reviewed = await t.app.inject({
    method: "PUT",
    url: `/api/iu/courses/${course.id}/review`,
    headers: a.auth,
    payload: { rating: 4, body: `Clear lessons ${SECRET}` },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(200);

  const paid = await buildQuizCourse(t);
  await db.update(courses).set({ pricePence: 1900, isFree: false }).where(eq(courses.id, paid.id));
  const bought = await checkoutAs(t, a, {
    items: [{ type: "course", id: paid.id }],
    payment: { card_token: await cardToken(t) },
  });
  expect(bought.statusCode, bought.body).toBe(201);
  ids.order = bought.json().order_id;

  const card = await t.app.inject({
    method: "POST",
    url: "/api/iu/cards",
    headers: a.auth,
    payload: { token: await cardToken(t) },
  });
  expect(card.statusCode, card.body).toBeLessThan(300);
  const cards = (await t.app.inject({ url: "/api/iu/cards", headers: a.auth })).json();
  ids.card = (cards.data ?? cards)[0].id;

  const exported = await t.app.inject({ method: "POST", url: "/api/iu/privacy/export", headers: a.auth });
  expect(exported.statusCode, exported.body).toBe(202);
  ids.privacyExport = exported.json().data.id;
}, 120_000);
afterAll(() => t.close());

describe("no IDOR: another learner cannot reach what belongs to someone else", () => {
  it.each(table.map((entry) => [`${entry.method} ${entry.route} (${entry.resource})`, entry] as const))(
    "%s",
    async (_name, entry) => {
      const otherTarget = entry.other?.() ?? { url: entry.url() };
      const ownerTarget = entry.owner?.() ?? { url: entry.url() };
      const otherUser = entry.other ? null : b;
      const ownerUser = entry.owner ? null : a;

      const intruder = await call(otherUser, entry, otherTarget);
      if ((entry.kind ?? "owner") === "owner") {
        expect([403, 404], `${entry.method} ${otherTarget.url} as another user: ${intruder.body}`).toContain(
          intruder.statusCode,
        );
      } else {
        expect(intruder.statusCode, intruder.body).toBe(200);
      }
      expect(intruder.body).not.toContain(SECRET);

      const owner = await call(ownerUser, entry, ownerTarget);
      const allowed = entry.ownerStatuses;
      if (allowed) expect(allowed, owner.body).toContain(owner.statusCode);
      else
        expect(
          owner.statusCode,
          `${entry.method} ${ownerTarget.url} as the owner: ${owner.body}`,
        ).toBeLessThan(300);
      if (entry.kind === "scoped" && entry.method === "GET" && !entry.route.endsWith("/{id}"))
        expect(owner.body, "the owner sees their own data").toContain(SECRET);
    },
  );

  it("leaves A's data unchanged after B wrote through the same lecture, e-book, announcement and title", async () => {
    const ebook = (
      await t.deps.db.select().from(lectureEbooks).where(eq(lectureEbooks.lectureId, lecture()))
    )[0]!;
    const [announcement] = await t.deps.db
      .insert(globalNotifications)
      .values({
        title: { en: "All", es: "Todos" },
        description: { en: "All", es: "Todos" },
        publishedAt: new Date(),
      })
      .returning({ id: globalNotifications.id });
    const writes: Array<[Method, string, unknown?]> = [
      ["PUT", `/api/iu/lectures/${lecture()}/note`, { content: doc("B's own note") }],
      ["DELETE", `/api/iu/lectures/${lecture()}/note`],
      ["PUT", `/api/iu/lectures/${lecture()}/progress`, { ranges: [[0, 3]], position: 2 }],
      ["PUT", `/api/iu/ebooks/${ebook.id}/last-page`, { page: 2 }],
      ["POST", `/api/iu/lectures/${lecture()}/ebooks/${ebook.id}/view-token`],
      ["PUT", `/api/iu/global-notifications/${announcement!.id}/read`],
      ["PUT", `/api/iu/courses/${course.id}/review`, { rating: 2, body: "Too fast for me at the start." }],
    ];
    // B finishes the title too, so B's review is accepted (and written as B's own).
    await completeLectures(t, b.id, course);
    for (const [method, url, payload] of writes) {
      const res = await t.app.inject({
        method,
        url,
        headers: b.auth,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      expect(res.body).not.toContain(SECRET);
    }
    const mine = await t.app.inject({ url: `/api/iu/lectures/${lecture()}/note`, headers: a.auth });
    expect(mine.body).toContain(SECRET);
    const review = (
      await t.app.inject({ url: `/api/iu/courses/${course.id}/review`, headers: a.auth })
    ).json();
    expect(review.review).toMatchObject({ rating: 4, body: expect.stringContaining(SECRET) });
    const [progress] = await t.deps.db.select().from(lectureProgress).where(eq(lectureProgress.userId, a.id));
    expect(progress).toBeDefined();
    const [notification] = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, Number(ids.notification)));
    expect(notification!.userId).toBe(a.id);
  });

  it.each(["/api/iu/tickets", "/api/iu/notifications/me", `/api/iu/courses/${0}/notes`, "/api/iu/profile"])(
    "lists only the caller's own records: %s",
    async (template) => {
      const url = template.replace("/0/", `/${course.id}/`);
      const mine = await t.app.inject({ url, headers: a.auth });
      const theirs = await t.app.inject({ url, headers: b.auth });
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.body).not.toContain(SECRET);
      if (!url.endsWith("/profile")) expect(mine.body, "A sees their own records").toContain(SECRET);
      else expect(theirs.json()).not.toMatchObject({ username: a.username });
    },
  );

  it("keeps each learner's purchases, cards and certificates to themselves", async () => {
    for (const url of [
      "/api/iu/purchases",
      "/api/iu/cards",
      "/api/iu/certificates",
      "/api/iu/sponsorships",
    ]) {
      const theirs = await t.app.inject({ url, headers: b.auth });
      expect(theirs.statusCode, `${url}: ${theirs.body}`).toBe(200);
      expect(theirs.body).not.toContain(a.username);
      expect(theirs.body).not.toContain(a.email);
    }
    const purchases = await t.app.inject({ url: "/api/iu/purchases", headers: b.auth });
    expect(purchases.body).not.toMatch(new RegExp(`"(id|order_id)":${ids.order}\\b`));
    const certificates = await t.app.inject({ url: "/api/iu/certificates", headers: b.auth });
    expect(certificates.body).not.toContain(`"id":${JSON.stringify(ids.certificate)},`);
  });

  it("covers every documented route that takes an id outside the staff areas", () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const covered = new Set(table.map((e) => `${e.method} ${e.route}`));
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.includes("{") || /^\/api\/(af|ha|ma|dev)\//.test(path)) continue;
      for (const method of Object.keys(operations)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        const key = `${method.toUpperCase()} ${path}`;
        if (!covered.has(key) && !(key in exempt)) missing.push(key);
      }
    }
    expect(missing, "add these to the IDOR table or to `exempt` with a reason").toEqual([]);
    // And nothing stale: every entry and exemption names a route that still exists.
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect([...covered, ...Object.keys(exempt)].filter((key) => !documented.has(key))).toEqual([]);
  });
});
