import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  courseLevels,
  courseModules,
  courses,
  lectures,
  notifications,
  outbox,
  ticketAttachments,
  ticketSubjects,
  tickets,
} from "../db/schema/index";
import { jpegBytes, longText, multipart, pngBytes } from "./test-support";

let t: TestApp;
let ana: BuiltUser;
let ben: BuiltUser;
let deskA: BuiltUser;
let deskB: BuiltUser;
let lead: BuiltUser;
let subjectId: number;

const description = "The video of lecture 3 stops after ten seconds every time.";

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t);
  ben = await buildLearner(t);
  deskA = await buildAdmin(t, ["isTicketContentManager"]);
  deskB = await buildAdmin(t, ["isTicketSystemManager"]);
  lead = await buildAdmin(t, ["isTicketContentManager", "isTicketTeamLeadership"]);
  const [subject] = await t.deps.db
    .insert(ticketSubjects)
    .values({ titleEn: "Technical problem", titleEs: "Problema técnico", position: 1 })
    .returning();
  subjectId = subject!.id;
});
afterAll(() => t.close());

async function openTicket(
  user: BuiltUser,
  fields: Record<string, string | number> = {},
  files = [] as Parameters<typeof multipart>[1],
) {
  const form = multipart({ subject_id: subjectId, description, ...fields }, files);
  return t.app.inject({
    method: "POST",
    url: "/api/iu/tickets",
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

async function ticketOf(user: BuiltUser): Promise<number> {
  const res = await openTicket(user);
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

function reply(user: BuiltUser, path: string, body: string, files: Parameters<typeof multipart>[1] = []) {
  const form = multipart({ body }, files);
  return t.app.inject({
    method: "POST",
    url: path,
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

describe("screenshots", () => {
  it("accepts up to three real images and serves them only to the ticket's readers", async () => {
    const res = await openTicket(ana, {}, [
      { filename: "one.png", content: pngBytes(1) },
      { filename: "two.jpg", content: jpegBytes(2), type: "image/jpeg" },
      { filename: "three.png", content: pngBytes(3, 500 * 1000) },
    ]);
    expect(res.statusCode).toBe(201);
    const ticket = res.json().data;
    expect(ticket.attachments.map((a: { mime_type: string }) => a.mime_type)).toEqual([
      "image/png",
      "image/jpeg",
      "image/png",
    ]);
    const url = ticket.attachments[1].url;
    const image = await t.app.inject({ url, headers: ana.auth });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.headers["cache-control"]).toBe("private, no-store");
    // The stored copy is the picture decoded and encoded again (storage/images.ts): the same 4 x 4 JPEG.
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["jpeg", 4, 4]);
    expect((await t.app.inject({ url, headers: ben.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const deskUrl = url.replace("/api/iu/", "/api/af/");
    expect((await t.app.inject({ url: deskUrl, headers: deskA.auth })).statusCode).toBe(200);
  });

  it("refuses a fourth screenshot", async () => {
    const res = await openTicket(
      ana,
      {},
      [1, 2, 3, 4].map((n) => ({ filename: `s${n}.png`, content: pngBytes(n) })),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.screenshots).toEqual(["You can attach up to 3 screenshots"]);
  });

  it("refuses a screenshot over 500 KB", async () => {
    const res = await openTicket(ana, {}, [{ filename: "big.png", content: pngBytes(7, 600 * 1000) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.screenshots).toEqual(["big.png is larger than 500 KB"]);
  });

  it("refuses a .png that is really text, whatever type the browser claims", async () => {
    const res = await openTicket(ana, {}, [
      { filename: "fake.png", content: Buffer.from("this is not an image at all"), type: "image/png" },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.screenshots).toEqual(["fake.png is not an image. Use JPEG, PNG, WebP or GIF."]);
  });

  it("refuses the same file twice, in the reader's language", async () => {
    const form = multipart({ subject_id: subjectId, description }, [
      { filename: "a.png", content: pngBytes(9) },
      { filename: "b.png", content: pngBytes(9) },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/iu/tickets",
      headers: { ...ana.auth, ...form.headers, "x-language-id": "2" },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.screenshots).toEqual(["b.png está adjunta más de una vez"]);
  });

  it("keeps nothing of a refused ticket", async () => {
    const before = (await t.app.inject({ url: "/api/iu/tickets", headers: ben.auth })).json().total;
    await openTicket(ben, {}, [{ filename: "fake.png", content: Buffer.from("text") }]);
    expect((await t.app.inject({ url: "/api/iu/tickets", headers: ben.auth })).json().total).toBe(before);
  });
});

describe("learner tickets", () => {
  it("validates the description bounds and the subject, with Other as id 0", async () => {
    const short = await openTicket(ana, { description: "too short" });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.description).toEqual(["Minimum allowed characters is 20"]);
    const unknown = await openTicket(ana, { subject_id: 99999 });
    expect(unknown.json().errors.subject_id).toEqual(["Ticket subject not found"]);
    const other = await openTicket(ana, { subject_id: 0 });
    expect(other.statusCode).toBe(201);
    expect(other.json().data.subject).toEqual({ id: 0, title: { en: "Other", es: "Otro" } });
  });

  it("lists subjects for the forms with Other last", async () => {
    const res = await t.app.inject({ url: "/api/tickets/subjects" });
    const data = res.json().data;
    expect(data.at(-1)).toEqual({ id: 0, title: { en: "Other", es: "Otro" } });
    expect(data.map((s: { id: number }) => s.id)).toContain(subjectId);
  });

  it("carries the course, lecture and video time of a ticket opened from a lecture", async () => {
    const [course] = await t.deps.db
      .insert(courses)
      .values({ titleEn: "Maths", titleEs: "Matemáticas" })
      .returning();
    const [level] = await t.deps.db
      .insert(courseLevels)
      .values({ courseId: course!.id, titleEn: "L1", titleEs: "N1" })
      .returning();
    const [module] = await t.deps.db
      .insert(courseModules)
      .values({ levelId: level!.id, courseId: course!.id, titleEn: "M1", titleEs: "M1" })
      .returning();
    const [lecture] = await t.deps.db
      .insert(lectures)
      .values({ moduleId: module!.id, courseId: course!.id, titleEn: "Fractions", titleEs: "Fracciones" })
      .returning();
    const res = await openTicket(ana, { lecture_id: lecture!.id, video_time: 95 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ course_id: course!.id, lecture_id: lecture!.id, video_time: 95 });
    const wrong = await openTicket(ana, { lecture_id: 987654 });
    expect(wrong.json().errors.lecture_id).toEqual(["The lecture of this ticket was not found"]);
  });

  it("refuses to show a learner another learner's ticket", async () => {
    const id = await ticketOf(ana);
    const res = await t.app.inject({ url: `/api/iu/tickets/${id}`, headers: ben.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Ticket not found" });
    expect((await reply(ben, `/api/iu/tickets/${id}/messages`, "Let me in")).statusCode).toBe(404);
    const resolve = await t.app.inject({
      method: "PUT",
      url: `/api/iu/tickets/${id}/resolve`,
      headers: ben.auth,
    });
    expect(resolve.statusCode).toBe(404);
    const list = (await t.app.inject({ url: "/api/iu/tickets?per_page=100", headers: ben.auth })).json();
    expect(list.data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await t.app.inject({ url: `/api/iu/tickets/${id}`, headers: ana.auth })).statusCode).toBe(200);
  });

  it("limits a message to 4000 characters", async () => {
    const id = await ticketOf(ana);
    const tooLong = await reply(ana, `/api/iu/tickets/${id}/messages`, longText(4001));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.body).toEqual(["A message can have at most 4000 characters"]);
    const json = await t.app.inject({
      method: "POST",
      url: `/api/iu/tickets/${id}/messages`,
      headers: ana.auth,
      payload: { body: longText(4001) },
    });
    expect(json.statusCode).toBe(422);
    const exact = await reply(ana, `/api/iu/tickets/${id}/messages`, longText(4000));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.messages.at(-1).body).toHaveLength(4000);
  });

  it("lets the learner mark resolved, reopen, and reopens on a reply", async () => {
    const id = await ticketOf(ana);
    const resolved = await t.app.inject({
      method: "PUT",
      url: `/api/iu/tickets/${id}/resolve`,
      headers: ana.auth,
    });
    expect(resolved.json().data).toMatchObject({
      status: "resolved",
      abilities: { reopen: true, resolve: false },
    });
    expect(resolved.json().data.resolved_at).not.toBeNull();
    const reopened = await t.app.inject({
      method: "PUT",
      url: `/api/iu/tickets/${id}/reopen`,
      headers: ana.auth,
    });
    expect(reopened.json().data).toMatchObject({ status: "unclaimed", resolved_at: null });
    await t.app.inject({ method: "PUT", url: `/api/iu/tickets/${id}/resolve`, headers: ana.auth });
    const replied = await reply(ana, `/api/iu/tickets/${id}/messages`, "Actually it happens again.");
    expect(replied.json().data.status).toBe("unclaimed");
    const filtered = (
      await t.app.inject({ url: "/api/iu/tickets?status=resolved&per_page=100", headers: ana.auth })
    ).json();
    expect(filtered.data.every((x: { status: string }) => x.status === "resolved")).toBe(true);
  });
});

describe("ticket desk", () => {
  it("lets exactly one of two administrators claiming at once win", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await ticketOf(ana);
      const [a, b] = await Promise.all([
        t.app.inject({ method: "PUT", url: `/api/af/tickets/${id}/claim`, headers: deskA.auth }),
        t.app.inject({ method: "PUT", url: `/api/af/tickets/${id}/claim`, headers: deskB.auth }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().message).toBe("Another administrator has already claimed this ticket");
      const winner = a.statusCode === 200 ? deskA : deskB;
      const detail = (await t.app.inject({ url: `/api/af/tickets/${id}`, headers: deskA.auth })).json().data;
      expect(detail).toMatchObject({ status: "in_progress", claimed_by: { id: winner.id } });
    }
  });

  it("notifies the learner of a reply (type 1, routed to the ticket) and the claimer of the answer", async () => {
    const id = await ticketOf(ana);
    const res = await reply(
      deskA,
      `/api/af/tickets/${id}/messages`,
      "Please clear the browser cache and retry.",
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: "in_progress", claimed_by: { id: deskA.id } });
    const [note] = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note).toMatchObject({ type: 1, action: { redirect: { id } } });
    expect(note!.title.en).toMatch(/^New reply to your ticket TCK-0+\d+$/);
    expect(note!.title.es).toMatch(/^Nueva respuesta en tu ticket TCK-/);

    await reply(ana, `/api/iu/tickets/${id}/messages`, "Done, it works now. Thanks!");
    const [back] = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, deskA.id), eq(notifications.type, 1)))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(back).toMatchObject({ action: { redirect: { id } } });
    const seen = (await t.app.inject({ url: `/api/iu/tickets/${id}`, headers: ana.auth })).json().data;
    // A learner sees who handles the ticket by name, never by the administrator's login username.
    expect(seen.claimed_by).toEqual({
      id: deskA.id,
      username: "",
      name: expect.stringMatching(/^Test User/),
    });
    const thread = seen.messages;
    expect(thread.map((m: { author: { kind: string } }) => m.author.kind)).toEqual(["staff", "requester"]);
  });

  it("keeps a claimed ticket to its claimer, a team lead, or whoever it is handed to", async () => {
    const id = await ticketOf(ana);
    await t.app.inject({ method: "PUT", url: `/api/af/tickets/${id}/claim`, headers: deskA.auth });
    const other = await reply(deskB, `/api/af/tickets/${id}/messages`, "I will take over");
    expect(other.statusCode).toBe(403);
    const view = (await t.app.inject({ url: `/api/af/tickets/${id}`, headers: deskB.auth })).json().data;
    expect(view.abilities).toMatchObject({ reply: false, claim: false, hand_over: false });
    expect((await reply(lead, `/api/af/tickets/${id}/messages`, "Lead here, checking.")).statusCode).toBe(
      201,
    );

    const handed = await t.app.inject({
      method: "PUT",
      url: `/api/af/tickets/${id}/hand-over`,
      headers: deskA.auth,
      payload: { admin_id: deskB.id },
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().data.claimed_by.id).toBe(deskB.id);
    const [note] = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, deskB.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note).toMatchObject({ type: 1, action: { redirect: { id } } });
    expect((await reply(deskB, `/api/af/tickets/${id}/messages`, "Now it is mine.")).statusCode).toBe(201);
    const toLearner = await t.app.inject({
      method: "PUT",
      url: `/api/af/tickets/${id}/hand-over`,
      headers: deskB.auth,
      payload: { admin_id: ana.id },
    });
    expect(toLearner.statusCode).toBe(422);

    const resolved = await t.app.inject({
      method: "PUT",
      url: `/api/af/tickets/${id}/resolve`,
      headers: deskB.auth,
    });
    expect(resolved.json().data.status).toBe("resolved");
  });

  it("filters, searches, sorts and counts tickets, and lists my tickets", async () => {
    const id = await ticketOf(ben);
    await reply(ben, `/api/iu/tickets/${id}/messages`, "The zebra-crossing quiz never loads.");
    const found = (
      await t.app.inject({ url: "/api/af/tickets?search=zebra-crossing", headers: deskA.auth })
    ).json();
    expect(found.data.map((x: { id: number }) => x.id)).toEqual([id]);
    const byRef = (
      await t.app.inject({
        url: `/api/af/tickets?search=TCK-${String(id).padStart(6, "0")}`,
        headers: deskA.auth,
      })
    ).json();
    expect(byRef.data[0].id).toBe(id);
    const unclaimed = (
      await t.app.inject({ url: "/api/af/tickets?filter=unclaimed&per_page=100", headers: deskA.auth })
    ).json();
    expect(unclaimed.data.every((x: { status: string }) => x.status === "unclaimed")).toBe(true);
    expect(unclaimed.total).toBe(unclaimed.counts.unclaimed);
    expect(unclaimed.counts.all).toBe(
      unclaimed.counts.unclaimed + unclaimed.counts.in_progress + unclaimed.counts.resolved,
    );
    const page = (
      await t.app.inject({ url: "/api/af/tickets?per_page=2&sort=oldest", headers: deskA.auth })
    ).json();
    expect(page.data).toHaveLength(2);
    expect(page.data[0].id).toBeLessThan(page.data[1].id);
    expect(page.next_page_url).toBe("/api/af/tickets?per_page=2&sort=oldest&page=2");
    await t.app.inject({ method: "PUT", url: `/api/af/tickets/${id}/claim`, headers: deskB.auth });
    const mine = (await t.app.inject({ url: "/api/af/tickets/me?per_page=100", headers: deskB.auth })).json();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((x: { claimed_by: { id: number } }) => x.claimed_by.id === deskB.id)).toBe(true);
    const assignees = (await t.app.inject({ url: "/api/af/tickets/assignees", headers: deskA.auth })).json()
      .data;
    expect(assignees.map((a: { id: number }) => a.id)).toEqual(
      expect.arrayContaining([deskA.id, deskB.id, lead.id]),
    );
  });
});

describe("guest tickets", () => {
  it("opens a ticket with a screenshot and follows it through the private mailed link", async () => {
    const form = multipart({ email: "Guest@Example.com", subject_id: 0, description }, [
      { filename: "error.png", content: pngBytes(42) },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tickets",
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(res.json().message).toContain("guest@example.com");
    const [mail] = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "guest@example.com"))
      .orderBy(desc(outbox.id))
      .limit(1);
    const link = /(http\S+\/tickets\?ticket=\d+&token=\S+)/.exec(mail!.bodyText)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get("ticket")).toBe(String(id));
    const token = url.searchParams.get("token")!;

    const view = await t.app.inject({ url: `/api/tickets/${id}?token=${encodeURIComponent(token)}` });
    expect(view.statusCode).toBe(200);
    const ticket = view.json().data;
    expect(ticket.requester).toMatchObject({ kind: "guest", email: "guest@example.com" });
    expect((await t.app.inject({ url: ticket.attachments[0].url })).statusCode).toBe(200);

    const wrong = await t.app.inject({ url: `/api/tickets/${id}?token=${"x".repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: "Ticket not found" });
    expect((await t.app.inject({ url: `/api/tickets/${id}` })).statusCode).toBe(404);
    const learnerTicket = await ticketOf(ana);
    expect((await t.app.inject({ url: `/api/tickets/${learnerTicket}?token=${token}` })).statusCode).toBe(
      404,
    );

    const guestReply = multipart({ body: "Any news?" });
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/tickets/${id}/messages?token=${encodeURIComponent(token)}`,
      headers: guestReply.headers,
      payload: guestReply.payload,
    });
    expect(replied.statusCode).toBe(201);

    await reply(deskA, `/api/af/tickets/${id}/messages`, "We are on it.");
    const mails = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "guest@example.com"))
      .orderBy(desc(outbox.id));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.bodyText).toContain("We are on it.");
    expect(mails[0]!.bodyText).toContain(link!);
  });

  it("validates the guest form", async () => {
    const form = multipart({ email: "not-an-email", subject_id: 0, description: "short" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tickets",
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      email: ["Email is not valid"],
      description: ["Minimum allowed characters is 20"],
    });
  });
});

describe("ticket subjects administration", () => {
  it("creates, updates and protects used subjects", async () => {
    const manager = await buildAdmin(t, ["isTicketSubjectManager"]);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/af/tickets/subjects",
      headers: manager.auth,
      payload: { title: { en: "Billing", es: "Facturación" }, position: 2 },
    });
    expect(created.statusCode).toBe(201);
    const subject = created.json().data;
    expect(subject).toMatchObject({
      title: { en: "Billing", es: "Facturación" },
      active: true,
      tickets_count: 0,
    });
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/af/tickets/subjects/${subject.id}`,
      headers: manager.auth,
      payload: {
        title: { en: "Billing and payments", es: "Facturación y pagos" },
        active: false,
        position: 2,
      },
    });
    expect(updated.json().data).toMatchObject({ active: false });
    expect((await openTicket(ana, { subject_id: subject.id })).json().errors.subject_id).toEqual([
      "This subject is no longer available. Choose another one.",
    ]);
    const used = await t.app.inject({
      method: "DELETE",
      url: `/api/af/tickets/subjects/${subjectId}`,
      headers: manager.auth,
    });
    expect(used.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/af/tickets/subjects/${subject.id}`,
      headers: manager.auth,
    });
    expect(deleted.statusCode).toBe(200);
  });
});

describe("ticket subject positions", () => {
  it("appends a subject created without a position after the last one, and keeps it on edit", async () => {
    const manager = await buildAdmin(t, ["isTicketSubjectManager"]);
    const create = (title: string, position?: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/af/tickets/subjects",
        headers: manager.auth,
        payload: { title: { en: title, es: title }, ...(position === undefined ? {} : { position }) },
      });
    const placed = (await create("Placed at 40", 40)).json().data;
    const appended = await create("Appended");
    expect(appended.statusCode).toBe(201);
    expect(appended.json().data.position).toBe(41);
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/af/tickets/subjects/${appended.json().data.id}`,
      headers: manager.auth,
      payload: { title: { en: "Appended, renamed", es: "Añadido" } },
    });
    expect(edited.json().data.position).toBe(41);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/af/tickets/subjects",
      headers: manager.auth,
    });
    const titles = list.json().data.map((s: { title: { en: string } }) => s.title.en);
    expect(titles.indexOf("Appended, renamed")).toBe(titles.length - 1);
    expect(titles.indexOf(placed.title.en)).toBe(titles.length - 2);
  });
});

describe("erasure", () => {
  it("removes an erased learner's tickets and screenshots", async () => {
    const gone = await buildLearner(t);
    const res = await openTicket(gone, {}, [{ filename: "mine.png", content: pngBytes(77) }]);
    const ticket = res.json().data;
    const key = (
      await t.deps.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticket.id))
    )[0]!.storageKey;
    expect(await t.deps.storage.get(key)).not.toBeNull();
    await t.deps.jobs.send("account.erased", { userId: gone.id });
    expect(await t.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id))).toEqual([]);
    expect(await t.deps.storage.get(key)).toBeNull();
  });
});
