/**
 * The helpdesk (docs/support.md): internal notes never reach a requester, canned
 * replies per language, priority and tags with desk filters, assignment and "assigned to me",
 * response times, merging a duplicate, bulk claim/resolve, and the audit trail of each.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import type { OpenApiDocument } from "../../test/openapi-document";
import { createTestApp, type TestApp } from "../../test/test-app";
import { auditLog, notifications, outbox, ticketMessages, tickets } from "../db/schema/index";
import { multipart, pngBytes } from "./test-support";

let t: TestApp;
let ana: BuiltUser;
let ben: BuiltUser;
let deskA: BuiltUser;
let deskB: BuiltUser;
let outsider: BuiltUser;

const description = "The video of lecture 3 stops after ten seconds every time.";
const SECRET = "NOTE-SECRET-refund-suspected-abuse";

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t);
  ben = await buildLearner(t);
  deskA = await buildAdmin(t, ["isTicketContentManager"]);
  deskB = await buildAdmin(t, ["isTicketSystemManager"]);
  outsider = await buildAdmin(t, ["isFaqManager"]);
});
afterAll(() => t.close());

async function learnerTicket(user: BuiltUser, files: Parameters<typeof multipart>[1] = []): Promise<number> {
  const form = multipart({ subject_id: 0, description }, files);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/iu/tickets",
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

/** Opens a guest ticket and returns its id and the token of the mailed link. */
async function guestTicket(
  email: string,
  files: Parameters<typeof multipart>[1] = [],
): Promise<{ id: number; token: string }> {
  const form = multipart({ email, subject_id: 0, description }, files);
  const res = await t.app.inject({ method: "POST", url: "/api/tickets", ...form });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as number;
  const [mail] = await t.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email.toLowerCase()))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = new URL(/(http\S+\/tickets\?ticket=\d+&token=\S+)/.exec(mail!.bodyText)![1]!);
  return { id, token: link.searchParams.get("token")! };
}

const send = (
  user: BuiltUser | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });

function reply(user: BuiltUser | null, url: string, body: string) {
  const form = multipart({ body });
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...(user ? user.auth : {}), ...form.headers },
    payload: form.payload,
  });
}

/** Nothing of the desk's working data in a requester's answer: no note, no priority, no tags. */
function expectNoDeskData(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
  expect(res.body, label).not.toContain(SECRET);
  expect(res.body, label).not.toContain("vip-secret-tag");
  expect(res.body, label).not.toMatch(/"desk"|"priority"|"tags"|"notes"/);
}

describe("internal notes", () => {
  it("are staff-only: no learner or guest ticket endpoint ever answers one", async () => {
    const id = await learnerTicket(ana, [{ filename: "shot.png", content: pngBytes(7) }]);
    const guest = await guestTicket("Guest.Notes@Example.com", [{ filename: "g.png", content: pngBytes(8) }]);
    for (const ticket of [id, guest.id]) {
      const added = await send(deskA, "POST", `/api/af/tickets/${ticket}/notes`, {
        body: `${SECRET} ${ticket}`,
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().data).toMatchObject({ body: `${SECRET} ${ticket}`, author: { id: deskA.id } });
      const triage = await send(deskA, "PUT", `/api/af/tickets/${ticket}/triage`, {
        priority: "urgent",
        tags: ["VIP-secret-tag"],
      });
      expect(triage.statusCode).toBe(200);
    }
    // The desk sees them.
    const notes = await send(deskB, "GET", `/api/af/tickets/${id}/notes`);
    expect(notes.json().data.map((n: { body: string }) => n.body)).toEqual([`${SECRET} ${id}`]);
    const deskView = (await send(deskB, "GET", `/api/af/tickets/${id}`)).json().data;
    expect(deskView.desk).toMatchObject({ priority: "urgent", tags: ["vip-secret-tag"] });

    // Every learner ticket endpoint.
    const attachment = (await send(ana, "GET", `/api/iu/tickets/${id}`)).json().data.attachments[0].url;
    const learnerCalls: [string, () => Promise<LightMyRequestResponse>][] = [
      ["GET /iu/tickets", () => send(ana, "GET", "/api/iu/tickets")],
      ["GET /iu/tickets?search", () => send(ana, "GET", "/api/iu/tickets?search=NOTE-SECRET")],
      ["GET /iu/tickets/{id}", () => send(ana, "GET", `/api/iu/tickets/${id}`)],
      ["POST /iu/tickets/{id}/messages", () => reply(ana, `/api/iu/tickets/${id}/messages`, "Still broken.")],
      ["PUT /iu/tickets/{id}/resolve", () => send(ana, "PUT", `/api/iu/tickets/${id}/resolve`)],
      ["PUT /iu/tickets/{id}/reopen", () => send(ana, "PUT", `/api/iu/tickets/${id}/reopen`)],
      ["GET /iu/tickets/{id}/attachments/{attachmentId}", () => send(ana, "GET", attachment)],
      [
        "POST /iu/tickets",
        async () => {
          const form = multipart({ subject_id: 0, description });
          return t.app.inject({
            method: "POST",
            url: "/api/iu/tickets",
            headers: { ...ana.auth, ...form.headers },
            payload: form.payload,
          });
        },
      ],
    ];
    const q = `token=${encodeURIComponent(guest.token)}`;
    const guestCalls: [string, () => Promise<LightMyRequestResponse>][] = [
      ["GET /tickets/{id}", () => send(null, "GET", `/api/tickets/${guest.id}?${q}`)],
      [
        "POST /tickets/{id}/messages",
        () => reply(null, `/api/tickets/${guest.id}/messages?${q}`, "Any news?"),
      ],
      ["PUT /tickets/{id}/resolve", () => send(null, "PUT", `/api/tickets/${guest.id}/resolve?${q}`)],
      ["PUT /tickets/{id}/reopen", () => send(null, "PUT", `/api/tickets/${guest.id}/reopen?${q}`)],
      ["GET /tickets/subjects", () => send(null, "GET", "/api/tickets/subjects")],
      [
        "GET /tickets/{id}/attachments/{attachmentId}",
        async () => {
          const view = await send(null, "GET", `/api/tickets/${guest.id}?${q}`);
          return send(null, "GET", view.json().data.attachments[0].url);
        },
      ],
      [
        "POST /tickets",
        () =>
          t.app.inject({
            method: "POST",
            url: "/api/tickets",
            ...multipart({ email: "x@example.com", subject_id: 0, description }),
          }),
      ],
    ];
    for (const [label, call] of [...learnerCalls, ...guestCalls]) expectNoDeskData(await call(), label);
    // The search did not find the ticket by its note.
    expect((await send(ana, "GET", "/api/iu/tickets?search=NOTE-SECRET")).json().data).toEqual([]);

    // Every requester ticket route of the API is in the lists above (a new one must be added there).
    const document = t.app.swagger() as unknown as OpenApiDocument;
    const requesterRoutes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/iu/tickets") || path.startsWith("/api/tickets"))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice(4)}`));
    const covered = new Set([...learnerCalls, ...guestCalls].map(([label]) => label.split("?")[0]));
    expect(requesterRoutes.filter((r) => !covered.has(r))).toEqual([]);

    // Nor do the learner's notifications or the guest's mails carry it.
    const notes2 = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(JSON.stringify(notes2)).not.toContain(SECRET);
    const mails = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "guest.notes@example.com"));
    expect(JSON.stringify(mails)).not.toContain(SECRET);
  });

  it("are refused to learners and to administrators without the desk permission", async () => {
    const id = await learnerTicket(ana);
    expect((await send(ana, "GET", `/api/af/tickets/${id}/notes`)).statusCode).toBe(403);
    expect((await send(outsider, "POST", `/api/af/tickets/${id}/notes`, { body: "x" })).statusCode).toBe(403);
    const empty = await send(deskA, "POST", `/api/af/tickets/${id}/notes`, { body: "   " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toBeDefined();
    const spanish = await t.app.inject({
      method: "POST",
      url: `/api/af/tickets/${id}/notes`,
      headers: { ...deskA.auth, "accept-language": "es" },
      payload: { body: "Llamar mañana" },
    });
    expect(spanish.json().message).toBe("Se ha añadido la nota interna");
    expect((await send(deskA, "GET", "/api/af/tickets/2147483000/notes")).statusCode).toBe(404);
  });
});

describe("canned replies", () => {
  it("are managed by the desk per language and listed by language", async () => {
    const en = await send(deskA, "POST", "/api/af/tickets/canned-replies", {
      language: "en",
      title: "Video fix",
      body: "Please clear your browser cache and try again.",
    });
    expect(en.statusCode).toBe(201);
    const es = await send(deskA, "POST", "/api/af/tickets/canned-replies", {
      language: "es",
      title: "Arreglo de vídeo",
      body: "Borra la caché del navegador y vuelve a intentarlo.",
    });
    expect(es.statusCode).toBe(201);
    const spanish = (await send(deskB, "GET", "/api/af/tickets/canned-replies?language=es")).json().data;
    expect(spanish.map((c: { title: string }) => c.title)).toContain("Arreglo de vídeo");
    expect(spanish.every((c: { language: string }) => c.language === "es")).toBe(true);

    const id = en.json().data.id;
    const edited = await send(deskB, "PUT", `/api/af/tickets/canned-replies/${id}`, {
      language: "en",
      title: "Video playback fix",
      body: "Please clear your cache.",
    });
    expect(edited.json().data).toMatchObject({ title: "Video playback fix", language: "en" });
    const bad = await send(deskB, "POST", "/api/af/tickets/canned-replies", {
      language: "fr",
      title: "",
      body: "",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["body", "language", "title"]);
    expect((await send(ana, "GET", "/api/af/tickets/canned-replies")).statusCode).toBe(403);
    expect((await send(deskB, "DELETE", `/api/af/tickets/canned-replies/${id}`)).statusCode).toBe(200);
    expect((await send(deskB, "GET", `/api/af/tickets/canned-replies/${id}`)).statusCode).toBe(404);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "tickets_canned_replies"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: deskB.id, action: "tickets_canned_replies.delete" });
  });
});

describe("priority, tags, assignment and the desk filters", () => {
  it("filters the desk by priority, tag and assignee, and lists the tags in use", async () => {
    const first = await learnerTicket(ben);
    const second = await learnerTicket(ben);
    await send(deskA, "PUT", `/api/af/tickets/${first}/triage`, {
      priority: "high",
      tags: ["Billing", "billing", "mobile app"],
    });
    const detail = (await send(deskA, "GET", `/api/af/tickets/${first}`)).json().data;
    expect(detail.desk).toMatchObject({ priority: "high", tags: ["billing", "mobile app"] });
    // An unclaimed ticket can be assigned to a colleague straight away.
    expect(detail.abilities.hand_over).toBe(true);
    const badTag = await send(deskA, "PUT", `/api/af/tickets/${first}/triage`, { tags: ["<script>"] });
    expect(badTag.statusCode).toBe(422);
    expect((await send(deskA, "PUT", `/api/af/tickets/${first}/triage`, {})).statusCode).toBe(422);
    expect(
      (await send(deskA, "PUT", `/api/af/tickets/${first}/triage`, { priority: "asap" })).statusCode,
    ).toBe(422);

    const ids = async (query: string, user = deskA) =>
      (
        (await send(user, "GET", `/api/af/tickets?per_page=100&${query}`)).json().data as { id: number }[]
      ).map((r) => r.id);
    expect(await ids("priority=high")).toContain(first);
    expect(await ids("priority=high")).not.toContain(second);
    expect(await ids("tag=Billing")).toEqual([first]);

    // Assignment: deskA gives the second ticket to deskB (any administrator with the desk permission).
    const assigned = await send(deskA, "PUT", `/api/af/tickets/${second}/hand-over`, { admin_id: deskB.id });
    expect(assigned.statusCode).toBe(200);
    expect(await ids("assignee=me", deskB)).toContain(second);
    expect(await ids("assignee=me", deskA)).not.toContain(second);
    expect(await ids("assignee=none")).toContain(first);
    expect(await ids("assignee=none")).not.toContain(second);
    const outsiderTarget = await send(deskA, "PUT", `/api/af/tickets/${first}/hand-over`, {
      admin_id: outsider.id,
    });
    expect(outsiderTarget.statusCode).toBe(422);

    const tagsInUse = (await send(deskA, "GET", "/api/af/tickets/tags")).json().data;
    expect(tagsInUse).toEqual(expect.arrayContaining([{ tag: "billing", tickets: 1 }]));
  });
});

describe("response times", () => {
  it("shows first-response and resolution times per ticket and as desk averages", async () => {
    const id = await learnerTicket(ana);
    const opened = new Date(Date.now() - 2 * 3600_000);
    await t.deps.db.update(tickets).set({ createdAt: opened }).where(eq(tickets.id, id));
    await reply(deskA, `/api/af/tickets/${id}/messages`, "Looking into it.");
    await send(deskA, "PUT", `/api/af/tickets/${id}/resolve`);
    const desk = (await send(deskA, "GET", `/api/af/tickets/${id}`)).json().data.desk;
    expect(desk.first_response_seconds).toBeGreaterThanOrEqual(7190);
    expect(desk.first_response_seconds).toBeLessThan(7300);
    expect(desk.resolution_seconds).toBeGreaterThanOrEqual(desk.first_response_seconds);

    const averages = (await send(deskB, "GET", "/api/af/tickets/response-times")).json().data;
    expect(averages.responded).toBeGreaterThanOrEqual(1);
    expect(averages.resolved).toBeGreaterThanOrEqual(1);
    expect(averages.first_response_avg_seconds).toBeGreaterThan(0);
    expect(averages.resolution_avg_seconds).toBeGreaterThan(0);
    // A requester never sees them.
    expectNoDeskData(await send(ana, "GET", `/api/iu/tickets/${id}`), "learner detail");
  });
});

describe("merging a duplicate", () => {
  it("moves the thread, closes the duplicate with a pointer, and tells the learner", async () => {
    const kept = await learnerTicket(ana);
    const duplicate = await learnerTicket(ana, [{ filename: "dup.png", content: pngBytes(99) }]);
    await reply(ana, `/api/iu/tickets/${duplicate}/messages`, "Also the sound is gone.");
    await send(deskA, "POST", `/api/af/tickets/${duplicate}/notes`, { body: "Same as the other one" });
    await send(deskA, "PUT", `/api/af/tickets/${duplicate}/triage`, { priority: "high", tags: ["video"] });

    const merged = await send(deskA, "PUT", `/api/af/tickets/${duplicate}/merge`, { into_id: kept });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().message).toContain("has been merged into");
    expect(merged.json().data).toMatchObject({ status: "resolved", merged_into: { id: kept } });

    const keptView = (await send(ana, "GET", `/api/iu/tickets/${kept}`)).json().data;
    const bodies = keptView.messages.map((m: { body: string }) => m.body);
    expect(bodies).toEqual([description, "Also the sound is gone."]);
    expect(keptView.messages[0].attachments).toHaveLength(1);
    expect((await send(ana, "GET", keptView.messages[0].attachments[0].url)).statusCode).toBe(200);
    const dupView = (await send(ana, "GET", `/api/iu/tickets/${duplicate}`)).json().data;
    expect(dupView).toMatchObject({ status: "resolved", merged_into: { id: kept }, messages: [] });
    const deskKept = (await send(deskA, "GET", `/api/af/tickets/${kept}`)).json().data;
    expect(deskKept.desk).toMatchObject({ priority: "high", tags: ["video"] });
    const notes = (await send(deskA, "GET", `/api/af/tickets/${kept}/notes`)).json().data;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(["Same as the other one"]);

    const [notice] = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(JSON.stringify(notice)).toContain("continues in");
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "tickets.merge"), eq(auditLog.entityId, String(duplicate))));
    expect(audit?.actorId).toBe(deskA.id);

    // Merged once is merged for good; a ticket never merges into itself or into a merged one.
    expect(
      (await send(deskA, "PUT", `/api/af/tickets/${duplicate}/merge`, { into_id: kept })).statusCode,
    ).toBe(409);
    const self = await send(deskA, "PUT", `/api/af/tickets/${kept}/merge`, { into_id: kept });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.into_id).toEqual(["A ticket cannot be merged into itself"]);
    const another = await learnerTicket(ana);
    const intoMerged = await send(deskA, "PUT", `/api/af/tickets/${another}/merge`, { into_id: duplicate });
    expect(intoMerged.statusCode).toBe(422);
  });

  it("refuses to merge tickets of different requesters (one learner's thread never reaches another)", async () => {
    const anas = await learnerTicket(ana);
    const bens = await learnerTicket(ben);
    const res = await send(deskA, "PUT", `/api/af/tickets/${bens}/merge`, { into_id: anas });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.into_id).toEqual(["Only tickets of the same requester can be merged"]);
    const [count] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, anas));
    expect(count?.n).toBe(0);
    const missing = await send(deskA, "PUT", `/api/af/tickets/${bens}/merge`, { into_id: 2147483000 });
    expect(missing.statusCode).toBe(422);
  });

  it("mails a guest the link of the kept ticket", async () => {
    const kept = await guestTicket("merge.guest@example.com");
    const duplicate = await guestTicket("Merge.Guest@example.com");
    expect(
      (await send(deskA, "PUT", `/api/af/tickets/${duplicate.id}/merge`, { into_id: kept.id })).statusCode,
    ).toBe(200);
    const [mail] = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "merge.guest@example.com"))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.bodyText).toContain(`ticket=${kept.id}&token=${kept.token}`);
    const view = await send(
      null,
      "GET",
      `/api/tickets/${duplicate.id}?token=${encodeURIComponent(duplicate.token)}`,
    );
    expect(view.json().data.merged_into).toMatchObject({ id: kept.id });
  });
});

describe("bulk claim and resolve", () => {
  it("claims and resolves several tickets, reports the ones it cannot do, and audits each", async () => {
    const a = await learnerTicket(ben);
    const b = await learnerTicket(ben);
    const taken = await learnerTicket(ben);
    expect((await send(deskB, "PUT", `/api/af/tickets/${taken}/claim`)).statusCode).toBe(200);
    const auditBefore = (
      await t.deps.db.select({ id: sql<number>`coalesce(max(id),0)::int` }).from(auditLog)
    )[0]!.id;

    const claimed = await send(deskA, "POST", "/api/af/tickets/bulk", {
      action: "claim",
      ids: [a, b, taken],
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data.done).toEqual([a, b]);
    expect(claimed.json().data.failed).toEqual([
      expect.objectContaining({
        id: taken,
        message: "Another administrator has already claimed this ticket",
      }),
    ]);
    expect(claimed.json().message).toBe("2 of 3 tickets done");

    const resolved = await send(deskA, "POST", "/api/af/tickets/bulk", {
      action: "resolve",
      ids: [a, b, taken],
    });
    expect(resolved.json().data.done).toEqual([a, b]);
    expect(resolved.json().data.failed[0].id).toBe(taken);
    for (const id of [a, b])
      expect((await send(ben, "GET", `/api/iu/tickets/${id}`)).json().data.status).toBe("resolved");

    // Each ticket is audited once per action; the order of the rows is not part of the promise.
    const rows = await t.deps.db.select().from(auditLog).where(gt(auditLog.id, auditBefore));
    const audited = (action: string) =>
      rows
        .filter((r) => r.action === action)
        .map((r) => Number(r.entityId))
        .sort((x, y) => x - y);
    expect(audited("tickets.claim")).toEqual([a, b].sort((x, y) => x - y));
    expect(audited("tickets.resolve")).toEqual([a, b].sort((x, y) => x - y));

    expect(
      (await send(deskA, "POST", "/api/af/tickets/bulk", { action: "close", ids: [a] })).statusCode,
    ).toBe(422);
    expect((await send(deskA, "POST", "/api/af/tickets/bulk", { action: "claim", ids: [] })).statusCode).toBe(
      422,
    );
    expect((await send(ben, "POST", "/api/af/tickets/bulk", { action: "claim", ids: [a] })).statusCode).toBe(
      403,
    );
  });
});
