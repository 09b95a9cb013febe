/**
 * The privacy desk (isGDPRManager), routed tickets (isTicketGDPRManager, isTicketRefundManager),
 * the desk team lead (isTicketTeamLeadership) and e-book access (isEbookManager).
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import {
  auditLog,
  credentialProfiles,
  lectureEbooks,
  lectureNotes,
  lectureNotesAccess,
  notifications,
  orders,
  outbox,
  privacyExports,
  ticketSubjects,
  tickets,
  users,
} from "../db/schema/index";
import { expireExports } from "./privacy.service";

let t: TestApp;
let ana: BuiltUser;
let ben: BuiltUser;
let gdpr: BuiltUser;

const call = (
  user: BuiltUser | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

async function auditActions(entityId: number | string, entity = "user") {
  const rows = await t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(entityId)), eq(auditLog.entity, entity)))
    .orderBy(desc(auditLog.id));
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t);
  ben = await buildLearner(t);
  gdpr = await buildAdmin(t, ["isGDPRManager"]);
  const course = await buildCourse(t, { levels: 1, lectures: 1 });
  await enrol(t, ana.id, course.id);
  await enrol(t, ben.id, course.id);
  await t.deps.db.insert(lectureNotes).values([
    {
      userId: ana.id,
      courseId: course.id,
      lectureId: course.lectureIds[0]!,
      content: "Ana's private note on lecture one",
    },
    { userId: ben.id, courseId: course.id, lectureId: course.lectureIds[0]!, content: "Ben's secret note" },
  ] as never);
  await t.deps.db.insert(tickets).values([
    { userId: ana.id, description: "Ana cannot see the video of lecture one at all." },
    { userId: ben.id, description: "Ben has a problem nobody else should read about." },
  ]);
  await t.deps.db
    .insert(orders)
    .values({ userId: ana.id, subtotalPence: 1500, totalPence: 1500, status: "paid" } as never);
  // Ana opted in to a public certificates page; Ben did not.
  await t.deps.db.insert(credentialProfiles).values({ userId: ana.id, handle: "ana-certs" });
});
afterAll(() => t.close());

describe("Download my data (learner)", () => {
  it("builds the export in the background, notifies, and serves only the learner's own data", async () => {
    const asked = await call(ana, "POST", "/iu/privacy/export");
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toMatch(/preparing a copy/);
    // Jobs run inline in tests: the file is ready.
    const state = (await call(ana, "GET", "/iu/privacy/export")).json().data;
    expect(state.status).toBe("ready");
    expect(state.download_url).toBe(`/api/iu/privacy/export/${state.id}/file`);
    expect(new Date(state.expires_at).getTime() - new Date(state.ready_at).getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );

    const note = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id))
      .orderBy(desc(notifications.id));
    expect(note[0]?.title).toEqual({
      en: "Your data is ready to download",
      es: "Tus datos están listos para descargar",
    });
    const [mail] = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, ana.email))
      .orderBy(desc(outbox.id));
    expect(mail?.subject).toBe("Your data is ready to download");

    const file = await t.app.inject({ method: "GET", url: state.download_url, headers: ana.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(
      /attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(file.headers["cache-control"]).toBe("private, no-store");
    const body = file.body;
    const data = JSON.parse(body);
    expect(data.account.username).toBe(ana.username);
    expect(data.account.email).toBe(ana.email);
    expect(data.account.password_hash).toBeUndefined();
    expect(body).not.toMatch(/argon2/);
    expect(data.enrolments).toHaveLength(1);
    expect(data.lecture_notes[0].content).toContain("Ana's private note");
    expect(data.tickets[0].description).toContain("Ana cannot see");
    expect(data.orders).toHaveLength(1);
    expect(data.public_certificates_page).toMatchObject({ handle: "ana-certs" });
    for (const key of [
      "profile",
      "lecture_progress",
      "questions",
      "certificates",
      "notifications",
      "learning_days",
      "learning_goal",
      "wishlist",
      "course_notify_requests",
    ])
      expect(data).toHaveProperty(key);
    // Nobody else's data.
    expect(body).not.toContain(ben.username);
    expect(body).not.toContain("Ben's secret note");
    expect(body).not.toContain("Ben has a problem");
  });

  it("refuses another learner's file, and a second request while one is pending", async () => {
    const [mine] = await t.deps.db.select().from(privacyExports).where(eq(privacyExports.userId, ana.id));
    const other = await call(ben, "GET", `/iu/privacy/export/${mine!.id}/file`);
    expect(other.statusCode).toBe(404);
    expect((await call(gdpr, "POST", "/iu/privacy/export")).statusCode).toBe(403);

    await t.deps.db.insert(privacyExports).values({ userId: ben.id, requestedBy: ben.id });
    const again = await call(ben, "POST", "/iu/privacy/export");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A copy of your data is already being prepared");
  });

  it("expires files after 7 days", async () => {
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await expireExports(t.deps, later)).toBeGreaterThan(0);
    const state = (await call(ana, "GET", "/iu/privacy/export")).json().data;
    expect(state.status).toBe("expired");
    expect(state.download_url).toBeNull();
  });
});

describe("the privacy desk (isGDPRManager)", () => {
  it("is refused without the flag", async () => {
    const others = await buildAdmin(t, ["isUserManager", "isAbleToDeleteUsers", "isTicketGDPRManager"]);
    for (const [method, url] of [
      ["GET", "/af/privacy/exports"],
      ["GET", "/af/privacy/deletions"],
      ["POST", `/af/privacy/deletions/${ana.id}/erase`],
      ["POST", `/af/privacy/deletions/${ana.id}/cancel`],
      ["POST", "/af/privacy/exports"],
    ] as const) {
      expect(
        (await call(others, method, url, method === "POST" ? { reason: "x" } : undefined)).statusCode,
      ).toBe(403);
    }
    expect((await call(ana, "GET", "/af/privacy/exports")).statusCode).toBe(403);
  });

  it("prepares an export for a request received by mail, with an audit record, and downloads it", async () => {
    const carl = await buildLearner(t);
    const made = await call(gdpr, "POST", "/af/privacy/exports", {
      login: carl.email,
      reason: "Letter of 3 March",
    });
    expect(made.statusCode).toBe(202);
    expect(made.json().message).toBe(`The export is being prepared for ${carl.username}`);
    const list = (await call(gdpr, "GET", "/af/privacy/exports")).json();
    const row = list.data.find((r: { user: { id: number } }) => r.user.id === carl.id);
    expect(row).toMatchObject({
      via: "desk",
      reason: "Letter of 3 March",
      status: "ready",
      requested_by: gdpr.username,
    });
    const file = await t.app.inject({ method: "GET", url: row.download_url, headers: gdpr.auth });
    expect(JSON.parse(file.body).account.username).toBe(carl.username);
    expect(await auditActions(carl.id)).toEqual(["privacy.export_download", "privacy.export_request"]);

    const unknown = await call(gdpr, "POST", "/af/privacy/exports", {
      login: "nobody-here",
      reason: "By mail",
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.login).toEqual(["No learner account has this username or email"]);
  });

  it("lists accounts pending deletion, erases one now and cancels another, both audited", async () => {
    const dora = await buildLearner(t);
    const eli = await buildLearner(t);
    for (const who of [dora, eli]) {
      const res = await call(who, "DELETE", "/iu/me", {
        feedback: "I am leaving the platform for now, thanks",
        username: who.username,
      });
      expect(res.statusCode).toBe(200);
    }
    await t.deps.db.insert(credentialProfiles).values({ userId: dora.id, handle: "dora-certs" });
    const list = (await call(gdpr, "GET", "/af/privacy/deletions")).json();
    expect(list.data.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([dora.id, eli.id]));
    const entry = list.data.find((d: { id: number }) => d.id === dora.id);
    expect(entry.feedback).toBe("I am leaving the platform for now, thanks");

    const erased = await call(gdpr, "POST", `/af/privacy/deletions/${dora.id}/erase`, {
      reason: "Asked by mail",
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().message).toBe("The account has been erased");
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, dora.id));
    expect(row).toMatchObject({ status: "erased", username: `deleted-${dora.id}`, email: null });
    expect(await auditActions(dora.id)).toContain("privacy.erase");
    // The public certificates page goes with the account.
    expect(
      await t.deps.db.select().from(credentialProfiles).where(eq(credentialProfiles.userId, dora.id)),
    ).toEqual([]);
    expect((await call(null, "GET", "/certificates/profiles/dora-certs")).statusCode).toBe(404);
    // Only once.
    expect(
      (await call(gdpr, "POST", `/af/privacy/deletions/${dora.id}/erase`, { reason: "Again" })).statusCode,
    ).toBe(404);
    // An active account is not erased from here.
    expect(
      (await call(gdpr, "POST", `/af/privacy/deletions/${ana.id}/erase`, { reason: "Wrong" })).statusCode,
    ).toBe(404);

    const cancelled = await call(gdpr, "POST", `/af/privacy/deletions/${eli.id}/cancel`, {
      reason: "Changed mind",
    });
    expect(cancelled.statusCode).toBe(200);
    const [back] = await t.deps.db.select().from(users).where(eq(users.id, eli.id));
    expect(back?.status).toBe("active");
    expect(await auditActions(eli.id)).toContain("privacy.cancel_deletion");
    const [mail] = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, eli.email))
      .orderBy(desc(outbox.id));
    expect(mail?.subject).toBe("Your account is active again");
  });
});

describe("routed ticket subjects", () => {
  let privacySubject: number;
  let refundSubject: number;
  let privacyTicket: number;
  let refundTicket: number;
  let plainTicket: number;

  beforeAll(async () => {
    const subjects = await t.deps.db
      .insert(ticketSubjects)
      .values([
        { titleEn: "My personal data", titleEs: "Mis datos personales" },
        { titleEn: "Refund", titleEs: "Reembolso" },
        { titleEn: "Video", titleEs: "Vídeo" },
      ])
      .returning();
    privacySubject = subjects[0]!.id;
    refundSubject = subjects[1]!.id;
    const made = await t.deps.db
      .insert(tickets)
      .values([
        {
          userId: ana.id,
          subjectId: privacySubject,
          description: "Please tell me what data you hold on me.",
        },
        {
          userId: ana.id,
          subjectId: refundSubject,
          description: "I would like my money back for the course.",
        },
        {
          userId: ana.id,
          subjectId: subjects[2]!.id,
          description: "The video of lecture one stops at once.",
        },
      ])
      .returning();
    [privacyTicket, refundTicket, plainTicket] = made.map((m) => m.id) as [number, number, number];
  });

  it("only the ticket subject manager routes a subject (audited)", async () => {
    const manager = await buildAdmin(t, ["isTicketSubjectManager"]);
    const desk = await buildAdmin(t, ["isTicketContentManager"]);
    expect(
      (await call(desk, "PUT", `/af/tickets/subjects/${privacySubject}/route`, { routing: "privacy" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(manager, "PUT", `/af/tickets/subjects/${privacySubject}/route`, { routing: "privacy" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(manager, "PUT", `/af/tickets/subjects/${refundSubject}/route`, { routing: "refund" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(manager, "PUT", "/af/tickets/subjects/999999/route", { routing: "refund" })).statusCode,
    ).toBe(404);
    const routes = (await call(manager, "GET", "/af/tickets/subject-routes")).json().data;
    expect(routes).toEqual(
      expect.arrayContaining([
        { subject_id: privacySubject, routing: "privacy" },
        { subject_id: refundSubject, routing: "refund" },
      ]),
    );
    expect(await auditActions(privacySubject, "ticket_subject")).toContain("ticket_subject.route");
  });

  it("hides routed tickets from desk administrators without the matching flag", async () => {
    const desk = await buildAdmin(t, ["isTicketContentManager", "isTicketSystemManager"]);
    const ids = (await call(desk, "GET", "/af/tickets?per_page=100"))
      .json()
      .data.map((x: { id: number }) => x.id);
    expect(ids).toContain(plainTicket);
    expect(ids).not.toContain(privacyTicket);
    expect(ids).not.toContain(refundTicket);
    expect((await call(desk, "GET", `/af/tickets/${privacyTicket}`)).statusCode).toBe(404);
    expect((await call(desk, "PUT", `/af/tickets/${privacyTicket}/claim`)).statusCode).toBe(404);
    expect(
      (await call(desk, "POST", `/af/tickets/${refundTicket}/messages`, { body: "hi" })).statusCode,
    ).toBe(404);

    const privacyDesk = await buildAdmin(t, ["isTicketContentManager", "isTicketGDPRManager"]);
    const seen = (await call(privacyDesk, "GET", "/af/tickets?per_page=100"))
      .json()
      .data.map((x: { id: number }) => x.id);
    expect(seen).toContain(privacyTicket);
    expect(seen).not.toContain(refundTicket);
    expect((await call(privacyDesk, "GET", `/af/tickets/${privacyTicket}`)).statusCode).toBe(200);
    // The privacy team's queue lists it (the flag's own endpoint); others are refused.
    const queue = (await call(privacyDesk, "GET", "/af/privacy/tickets")).json().data;
    expect(queue.map((q: { id: number }) => q.id)).toEqual([privacyTicket]);
    expect((await call(desk, "GET", "/af/privacy/tickets")).statusCode).toBe(403);
    // The flag alone does not open the desk.
    const flagOnly = await buildAdmin(t, ["isTicketGDPRManager"]);
    expect((await call(flagOnly, "GET", `/af/tickets/${privacyTicket}`)).statusCode).toBe(403);
    // A privacy ticket is not handed over to someone who may not read it.
    const handOver = await call(privacyDesk, "PUT", `/af/tickets/${privacyTicket}/hand-over`, {
      admin_id: desk.id,
    });
    expect(handOver.statusCode).toBe(422);
  });

  it("shows the requester's purchases on a refund-routed ticket to refund managers only", async () => {
    const refundDesk = await buildAdmin(t, ["isTicketContentManager", "isTicketRefundManager"]);
    const seen = (await call(refundDesk, "GET", "/af/tickets?per_page=100"))
      .json()
      .data.map((x: { id: number }) => x.id);
    expect(seen).toContain(refundTicket);
    const purchases = await call(refundDesk, "GET", `/af/tickets/${refundTicket}/purchases`);
    expect(purchases.statusCode).toBe(200);
    expect(purchases.json().data).toHaveLength(1);
    expect(purchases.json().data[0]).toMatchObject({ total: 15, status: "paid" });
    expect((await call(refundDesk, "GET", `/af/tickets/${plainTicket}/purchases`)).statusCode).toBe(409);
    const desk = await buildAdmin(t, ["isTicketContentManager", "isAbleToViewRefunds", "isRefundsManager"]);
    expect((await call(desk, "GET", `/af/tickets/${refundTicket}/purchases`)).statusCode).toBe(403);
  });
});

describe("the desk team lead (isTicketTeamLeadership)", () => {
  it("sees the workload and unclaims anyone's ticket; others may unclaim only their own", async () => {
    const agent = await buildAdmin(t, ["isTicketContentManager"]);
    const other = await buildAdmin(t, ["isTicketContentManager"]);
    const lead = await buildAdmin(t, ["isTicketContentManager", "isTicketTeamLeadership"]);
    const [ticket] = await t.deps.db
      .insert(tickets)
      .values({ userId: ben.id, description: "Where is my certificate for the first course?" })
      .returning();
    expect((await call(agent, "PUT", `/af/tickets/${ticket!.id}/claim`)).statusCode).toBe(200);

    expect((await call(agent, "GET", "/af/tickets/workload")).statusCode).toBe(403);
    const workload = (await call(lead, "GET", "/af/tickets/workload")).json();
    expect(workload.unclaimed).toBeGreaterThan(0);
    expect(workload.agents.find((a: { id: number }) => a.id === agent.id)).toMatchObject({ in_progress: 1 });

    expect((await call(other, "PUT", `/af/tickets/${ticket!.id}/unclaim`)).statusCode).toBe(403);
    const done = await call(lead, "PUT", `/af/tickets/${ticket!.id}/unclaim`);
    expect(done.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(row).toMatchObject({ status: "unclaimed", claimedBy: null });
    expect(await auditActions(ticket!.id, "ticket")).toContain("ticket.unclaim");
    expect((await call(lead, "PUT", `/af/tickets/${ticket!.id}/unclaim`)).statusCode).toBe(409);
  });
});

describe("e-book access (isEbookManager)", () => {
  it("lists e-books, grants and revokes a learner's access with audit records", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, title: ["Photography", "Fotografía"] });
    const [ebook] = await t.deps.db
      .select()
      .from(lectureEbooks)
      .where(eq(lectureEbooks.lectureId, course.lectureIds[0]!));
    const manager = await buildAdmin(t, ["isEbookManager"]);
    const others = await buildAdmin(t, ["isCourseManager", "isPhysicalProductManager"]);
    expect((await call(others, "GET", "/af/ebooks")).statusCode).toBe(403);
    expect(
      (await call(others, "POST", `/af/ebooks/${ebook!.id}/access`, { login: ben.username })).statusCode,
    ).toBe(403);

    const list = (await call(manager, "GET", "/af/ebooks?search=Photography")).json();
    expect(list.data[0]).toMatchObject({
      id: ebook!.id,
      title_en: "Notes",
      course: { title: "Photography" },
      grants: 0,
    });

    const granted = await call(manager, "POST", `/af/ebooks/${ebook!.id}/access`, {
      login: ben.username,
      note: "Scholarship",
    });
    expect(granted.statusCode).toBe(201);
    expect(
      (await call(manager, "POST", `/af/ebooks/${ebook!.id}/access`, { login: ben.username })).statusCode,
    ).toBe(409);
    const access = (await call(manager, "GET", `/af/ebooks/${ebook!.id}/access`)).json().data;
    expect(access).toEqual([
      expect.objectContaining({
        user: { id: ben.id, username: ben.username },
        scope: "lecture",
        source: "admin",
      }),
    ]);
    // The grant opens the lecture's e-books to the learner.
    const [grant] = await t.deps.db
      .select()
      .from(lectureNotesAccess)
      .where(
        and(eq(lectureNotesAccess.userId, ben.id), eq(lectureNotesAccess.lectureId, course.lectureIds[0]!)),
      );
    expect(grant).toBeDefined();
    expect(await auditActions(access[0].id, "lecture_notes_access")).toEqual(["ebook_access.grant"]);

    expect((await call(manager, "DELETE", `/af/ebooks/access/${access[0].id}`)).statusCode).toBe(200);
    expect(await auditActions(access[0].id, "lecture_notes_access")).toEqual([
      "ebook_access.revoke",
      "ebook_access.grant",
    ]);
    expect((await call(manager, "GET", `/af/ebooks/${ebook!.id}/access`)).json().data).toEqual([]);
  });
});
