import { Permission } from "@aprendo/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildAdmin,
  buildHeadAdmin,
  buildLearner,
  buildMasterAdmin,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { call, latestMessage, linkPathToken } from "../auth/auth.testing";
import { adminGroupMembers, adminPermissions, auditLog, notifications, users } from "../db/schema/index";

let t: TestApp;
let head: BuiltUser;
let master: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  head = await buildHeadAdmin(t);
  master = await buildMasterAdmin(t);
});
afterAll(() => t.close());

const api = (user: BuiltUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });

async function flagsOf(userId: number): Promise<number[]> {
  const rows = await t.deps.db
    .select({ id: adminPermissions.permissionId })
    .from(adminPermissions)
    .where(eq(adminPermissions.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function newGroup(permissions: number[], name = `Group ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await api(head, "POST", "/ha/permission-groups", { name, description: null, permissions });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; name: string; permissions: number[] };
}

describe("areas and roles", () => {
  it("keeps /ha for head administrators and /ma for master administrators", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t);
    for (const user of [admin, learner, master]) {
      expect((await api(user, "GET", "/ha/permission-groups")).statusCode).toBe(403);
    }
    for (const user of [admin, learner, head]) {
      expect((await api(user, "GET", "/ma/creation-requests")).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: "/api/ha/audit-log" })).statusCode).toBe(401);
  });
});

describe("permission groups", () => {
  it("creates a group at once, refuses a duplicate name, and records the change", async () => {
    const group = await newGroup([Permission.isFaqManager, Permission.isEventManager], "Content team");
    expect(group.permissions).toEqual([1, 18]);
    const again = await api(head, "POST", "/ha/permission-groups", { name: "content TEAM", permissions: [] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name).toBeDefined();
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "permission_group.create"), eq(auditLog.entityId, String(group.id))));
    expect(entry).toMatchObject({ actorId: head.id, entity: "permission_group", before: null });
    expect(entry?.after).toMatchObject({ name: "Content team", permissions: [1, 18] });
  });

  it("rejects flag numbers outside 1..30", async () => {
    const res = await api(head, "POST", "/ha/permission-groups", { name: "Bad", permissions: [31] });
    expect(res.statusCode).toBe(422);
  });
});

describe("creation requests", () => {
  it("creates an administrator only after a master approves, then invites them", async () => {
    const group = await newGroup([Permission.isFaqManager, Permission.isEventManager]);
    const email = "new.admin@example.test";
    const asked = await api(head, "POST", "/ha/administrator-users", {
      username: "newadmin",
      email,
      first_name: "Nora",
      last_name: "Nuevo",
      language_id: 2,
      group_ids: [group.id],
    });
    expect(asked.statusCode).toBe(202);
    const requestId = asked.json().request_id as number;
    // Nothing exists before approval.
    expect(await t.deps.db.select().from(users).where(eq(users.username, "newadmin"))).toHaveLength(0);
    // The same email cannot be asked for twice while pending.
    const twice = await api(head, "POST", "/ha/administrator-users", {
      username: "other",
      email,
      first_name: "A",
      last_name: "B",
      group_ids: [],
    });
    expect(twice.statusCode).toBe(422);

    const pending = await api(master, "GET", "/ma/creation-requests");
    const item = pending.json().data.find((r: { id: number }) => r.id === requestId);
    expect(item).toMatchObject({
      kind: "administrator_create",
      status: "pending",
      administrator: { username: "newadmin", email },
      groups: [{ id: group.id, name: group.name }],
      permissions: [1, 18],
      requested_by: { id: head.id },
    });

    const approved = await api(master, "POST", `/ma/creation-requests/${requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    const [account] = await t.deps.db.select().from(users).where(eq(users.username, "newadmin"));
    expect(account).toMatchObject({ roleId: 3, email, emailVerifiedAt: null, languageId: 2 });
    expect(await flagsOf(account!.id)).toEqual([1, 18]);

    // Deciding twice is refused.
    expect((await api(master, "POST", `/ma/creation-requests/${requestId}/approve`)).statusCode).toBe(409);

    // The requester hears of it.
    const [note] = await t.deps.db.select().from(notifications).where(eq(notifications.userId, head.id));
    expect(note?.title).toEqual({ en: "Request approved", es: "Solicitud aprobada" });
    const panel = await api(head, "GET", "/admins/notifications/me");
    expect(panel.statusCode).toBe(200);
    expect(JSON.stringify(panel.json())).toContain("Request approved");

    // The invitee cannot log in before choosing a password; the Spanish mail carries the link.
    const mail = await latestMessage(t, email);
    expect(mail.subject).toContain("Te invitamos");
    const token = linkPathToken(mail, "/admin-invitation/");
    const check = await call(t, "/administration/invitation/check", { payload: { token } });
    expect(check.json().data).toEqual({ username: "newadmin", first_name: "Nora" });
    const weak = await call(t, "/administration/invitation/accept", {
      payload: { token, password: "short", password_confirmation: "short" },
    });
    expect(weak.statusCode).toBe(422);
    const accepted = await call(t, "/administration/invitation/accept", {
      payload: { token, password: "Admin-Pass9!", password_confirmation: "Admin-Pass9!" },
    });
    expect(accepted.statusCode).toBe(200);
    const reused = await call(t, "/administration/invitation/accept", {
      payload: { token, password: "Admin-Pass9!", password_confirmation: "Admin-Pass9!" },
    });
    expect(reused.statusCode).toBe(400);
    const login = await call(t, "/auth/login", { payload: { login: "newadmin", password: "Admin-Pass9!" } });
    expect(login.statusCode).toBe(200);

    // The approval, the creation and the request are all in the audit log.
    const actions = (
      await t.deps.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, master.id))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["administrator.create", "creation_request.approve"]));
  });

  it("rejects with a reason, which the requester reads, and creates nothing", async () => {
    const asked = await api(head, "POST", "/ha/administrator-users", {
      username: "rejected1",
      email: "rejected1@example.test",
      first_name: "Rita",
      last_name: "Reject",
      group_ids: [],
    });
    const id = asked.json().request_id as number;
    const noReason = await api(master, "POST", `/ma/creation-requests/${id}/reject`, { reason: "" });
    expect(noReason.statusCode).toBe(422);
    const rejected = await api(master, "POST", `/ma/creation-requests/${id}/reject`, {
      reason: "Not in the staff list",
    });
    expect(rejected.statusCode).toBe(200);
    expect(await t.deps.db.select().from(users).where(eq(users.username, "rejected1"))).toHaveLength(0);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, head.id));
    expect(notes.some((n) => n.description.en.includes("Not in the staff list"))).toBe(true);
    const headMail = await latestMessage(t, head.email);
    expect(headMail.bodyText).toContain("Not in the staff list");
  });

  it("holds flags added to a group until approval; removals apply at once", async () => {
    const group = await newGroup([Permission.isFaqManager, Permission.isEventManager]);
    const admin = await buildAdmin(t);
    await t.deps.db.insert(adminGroupMembers).values({ userId: admin.id, groupId: group.id });
    const update = await api(head, "PUT", `/ha/permission-groups/${group.id}`, {
      name: group.name,
      permissions: [Permission.isFaqManager, Permission.isCouponManager],
    });
    expect(update.statusCode).toBe(200);
    const body = update.json();
    expect(body.request_id).toEqual(expect.any(Number));
    expect(body.data.permissions).toEqual([1]); // 18 removed now, 23 waiting
    expect(body.data.pending_permissions).toEqual([23]);
    expect(await flagsOf(admin.id)).toEqual([1]);
    const approved = await api(master, "POST", `/ma/creation-requests/${body.request_id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(await flagsOf(admin.id)).toEqual([1, 23]);
  });

  it("holds a group added to an administrator until approval", async () => {
    const group = await newGroup([Permission.isOrderManager]);
    const admin = await buildAdmin(t);
    const res = await api(head, "PUT", `/ha/administrator-users/${admin.id}/groups`, {
      group_ids: [group.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().request_id).toEqual(expect.any(Number));
    expect(await flagsOf(admin.id)).toEqual([]);
    expect((await api(admin, "GET", "/af/orders")).statusCode).toBe(403);
    await api(master, "POST", `/ma/creation-requests/${res.json().request_id}/approve`);
    expect(await flagsOf(admin.id)).toEqual([Permission.isOrderManager]);
    expect((await api(admin, "GET", "/af/orders")).statusCode).toBe(200);
  });

  it("lets only the requester cancel a pending request", async () => {
    const other = await buildHeadAdmin(t);
    const asked = await api(head, "POST", "/ha/administrator-users", {
      username: "cancelme",
      email: "cancelme@example.test",
      first_name: "C",
      last_name: "M",
      group_ids: [],
    });
    const id = asked.json().request_id;
    expect((await api(other, "POST", `/ha/creation-requests/${id}/cancel`)).statusCode).toBe(403);
    expect((await api(head, "POST", `/ha/creation-requests/${id}/cancel`)).statusCode).toBe(200);
    expect((await api(master, "POST", `/ma/creation-requests/${id}/approve`)).statusCode).toBe(409);
  });
});

describe("permissions take effect at once", () => {
  it("refuses the next request with the same token after a flag is removed", async () => {
    const group = await newGroup([Permission.isFaqManager, Permission.isEventManager]);
    const asked = await api(head, "POST", "/ha/administrator-users", {
      username: "instant1",
      email: "instant1@example.test",
      first_name: "I",
      last_name: "One",
      group_ids: [group.id],
    });
    await api(master, "POST", `/ma/creation-requests/${asked.json().request_id}/approve`);
    const [account] = await t.deps.db.select().from(users).where(eq(users.username, "instant1"));
    await call(t, "/administration/invitation/accept", {
      payload: {
        token: linkPathToken(await latestMessage(t, "instant1@example.test"), "/admin-invitation/"),
        password: "Instant-Pass1",
        password_confirmation: "Instant-Pass1",
      },
    });
    const login = await call(t, "/auth/login", { payload: { login: "instant1", password: "Instant-Pass1" } });
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    expect((await t.app.inject({ url: "/api/af/events", headers: auth })).statusCode).toBe(200);

    const removed = await api(head, "PUT", `/ha/permission-groups/${group.id}`, {
      name: group.name,
      permissions: [Permission.isFaqManager],
    });
    expect(removed.json().request_id).toBeNull();
    expect(await flagsOf(account!.id)).toEqual([Permission.isFaqManager]);
    // Same token, next request: refused.
    expect((await t.app.inject({ url: "/api/af/events", headers: auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/af/faqs/entries", headers: auth })).statusCode).toBe(200);

    // Leaving the group and being disabled take effect just as fast.
    await api(head, "PUT", `/ha/administrator-users/${account!.id}/groups`, { group_ids: [] });
    expect((await t.app.inject({ url: "/api/af/faqs/entries", headers: auth })).statusCode).toBe(403);
    await api(head, "POST", `/ha/administrator-users/${account!.id}/disable`);
    expect((await t.app.inject({ url: "/api/af/faqs/entries", headers: auth })).statusCode).toBe(401);
  });
});

describe("audit log", () => {
  it("finds a change by actor, action, entity and day, with before and after", async () => {
    const admin = await buildAdmin(t);
    await api(head, "POST", `/ha/administrator-users/${admin.id}/disable`);
    const today = new Date().toISOString().slice(0, 10);
    const res = await api(
      master,
      "GET",
      `/ma/audit-log?actor=${head.username}&action=administrator.disable&entity=user&entity_id=${admin.id}&from=${today}&to=${today}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        action: "administrator.disable",
        entity: "user",
        entity_id: String(admin.id),
        actor: { id: head.id, username: head.username, role_id: 4 },
        before: { status: "active" },
        after: { status: "disabled" },
      }),
    ]);
    const prefix = await api(head, "GET", "/ha/audit-log?action=permission_group.");
    expect(prefix.json().data.length).toBeGreaterThan(0);
    expect(
      prefix.json().data.every((e: { action: string }) => e.action.startsWith("permission_group.")),
    ).toBe(true);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await api(head, "GET", `/ha/audit-log?actor=${head.username}&to=${yesterday}`);
    expect(none.json().total).toBe(0);
    const facets = await api(head, "GET", "/ha/audit-log/facets");
    expect(facets.json().actions).toContain("administrator.disable");
  });

  it("master administrators invite and disable head administrators", async () => {
    const created = await api(master, "POST", "/ma/head-administrators", {
      username: "newhead",
      email: "newhead@example.test",
      first_name: "Hugo",
      last_name: "Head",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ role_id: 4, status: "invited" });
    expect((await latestMessage(t, "newhead@example.test")).subject).toContain("invited");
    const id = created.json().data.id;
    const list = await api(master, "GET", "/ma/head-administrators?status=invited");
    expect(list.json().data.map((h: { id: number }) => h.id)).toContain(id);
    expect((await api(master, "POST", `/ma/head-administrators/${id}/disable`)).statusCode).toBe(200);
    expect((await api(master, "POST", `/ma/head-administrators/${id}/disable`)).statusCode).toBe(409);
    const dash = await api(master, "GET", "/ma/dashboard");
    expect(dash.statusCode).toBe(200);
    expect(dash.json().head_administrators.disabled).toBeGreaterThanOrEqual(1);
    const haDash = await api(head, "GET", "/ha/dashboard");
    expect(haDash.statusCode).toBe(200);
    expect(haDash.json().recent_audit.length).toBeGreaterThan(0);
  });
});
