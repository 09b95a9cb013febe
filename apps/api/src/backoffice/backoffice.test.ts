import type { PermissionName } from "@aprendo/contract";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import {
  auditLog,
  configurations,
  enrolments,
  outbox,
  productBindings,
  products,
  users,
} from "../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** [method, url, the flag it needs (null: any administrator, role 3), body] */
type Call = [Method, string, PermissionName | null, object?];
const calls: Call[] = [
  ["GET", "/api/af/dashboard", null],
  ["GET", "/api/af/platform-users", null],
  ["GET", "/api/af/users", "isUserManager"],
  ["GET", "/api/af/users/999999", "isUserManager"],
  ["PUT", "/api/af/users/999999/status", "isUserManager", { status: "disabled" }],
  ["DELETE", "/api/af/users/999999", "isAbleToDeleteUsers"],
  ["GET", "/api/af/users/export.csv", "isUserExportManager"],
  ["GET", "/api/af/configurations", "isConfigManager"],
  ["PUT", "/api/af/configurations/999999", "isConfigManager", { status: 1, value: {} }],
  ["GET", "/api/af/institutions", null],
  ["GET", "/api/af/institutions/999999", null],
  ["POST", "/api/af/institutions", "isUserManager", { name: "Test school", kind: "school" }],
  ["PUT", "/api/af/institutions/999999", "isUserManager", { name: "Test school", kind: "school" }],
  ["DELETE", "/api/af/institutions/999999", "isUserManager"],
  ["GET", "/api/af/classes", null],
  ["GET", "/api/af/classes/999999", null],
  ["POST", "/api/af/classes", "isUserManager", { name: "Class A", institution_id: 999999 }],
  ["PUT", "/api/af/classes/999999", "isUserManager", { name: "Class A", institution_id: 999999 }],
  ["DELETE", "/api/af/classes/999999", "isUserManager"],
  ["POST", "/api/af/classes/999999/members", "isUserManager", { identifiers: ["nobody"] }],
  ["DELETE", "/api/af/classes/999999/members/999999", "isUserManager"],
  ["POST", "/api/af/classes/999999/enrolments", "isCourseManager", { course_id: 999999 }],
  ["GET", "/api/af/course-options", null],
  ["GET", "/api/af/external-login-issues", null],
  ["GET", "/api/af/external-login-issues/999999", null],
  ["POST", "/api/af/external-login-issues/999999/actions", null, { kind: "note", note: "Called them" }],
];

describe("back-office permissions", () => {
  it.each(calls)(
    "%s %s refuses guests, learners, head administrators and admins without the flag",
    async (method, url, flag, payload) => {
      const guest = await t.app.inject({ method, url, payload });
      expect(guest.statusCode).toBe(401);
      const learner = await buildLearner(t);
      expect((await t.app.inject({ method, url, payload, headers: learner.auth })).statusCode).toBe(403);
      if (flag === null) {
        // Role-guarded pages: a head administrator (role 4) has no /af area (spec section 6 guards).
        const head = await buildHeadAdmin(t);
        expect((await t.app.inject({ method, url, payload, headers: head.auth })).statusCode).toBe(403);
        const admin = await buildAdmin(t, []);
        expect((await t.app.inject({ method, url, payload, headers: admin.auth })).statusCode).not.toBe(403);
        return;
      }
      // Every other flag of the 30 but the one needed is refused.
      const others = (await import("@aprendo/contract")).permissionNames.filter(
        (name) => name !== flag && !(flag === "isCourseManager" && name === "isUserManager"),
      );
      const without = await buildAdmin(t, others);
      expect((await t.app.inject({ method, url, payload, headers: without.auth })).statusCode).toBe(403);
      const allowed = await buildAdmin(t, [flag]);
      expect((await t.app.inject({ method, url, payload, headers: allowed.auth })).statusCode).not.toBe(403);
    },
  );

  it("only a user manager may change the account from a login issue", async () => {
    const create = await t.app.inject({
      method: "POST",
      url: "/api/external-login-issues",
      payload: {
        full_name: "Somebody",
        account_identifier: "someone",
        contact_email: "someone@example.test",
        reason: "lost_phone",
        description: "I lost my phone and cannot log in",
      },
    });
    expect(create.statusCode).toBe(201);
    const [issue] = await t.deps.db
      .execute<{ id: number }>("SELECT id FROM external_login_issues ORDER BY id DESC LIMIT 1" as never)
      .then((r) => r.rows);
    const admin = await buildAdmin(t, []);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/af/external-login-issues/${issue!.id}/actions`,
      headers: admin.auth,
      payload: { kind: "phone_removed" },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the dashboard", () => {
  it("counts the period's registrations, enrolments, tickets and approvals with a series", async () => {
    const admin = await buildAdmin(t, []);
    await buildLearner(t);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/af/dashboard?period=7d",
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.figures.registrations.value).toBeGreaterThanOrEqual(1);
    expect(body.series.length).toBeGreaterThanOrEqual(7);
    expect(body.tickets).toEqual(expect.objectContaining({ unclaimed: expect.any(Number) }));
    // Low stock comes from the shop's printed-book bindings.
    const [book] = await t.deps.db
      .insert(products)
      .values({
        kind: "printed_book",
        titleEn: "Atlas",
        titleEs: "Atlas",
        authors: "A. Author",
        pricePence: 1500,
        status: "published",
      })
      .returning();
    await t.deps.db.insert(productBindings).values({ productId: book!.id, binding: "paperback", stock: 2 });
    const withStock = await t.app.inject({ method: "GET", url: "/api/af/dashboard", headers: admin.auth });
    expect(withStock.json().low_stock).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Atlas (paperback)", stock: 2 })]),
    );
    const users = await t.app.inject({ method: "GET", url: "/api/af/platform-users", headers: admin.auth });
    expect(users.statusCode).toBe(200);
    expect(users.json().trend).toHaveLength(12);
  });
});

describe("active learners", () => {
  it("are counted the same way on the dashboard and on Platform users (they once said 1 and 0)", async () => {
    const admin = await buildAdmin(t, []);
    const active = await buildLearner(t);
    const disabled = await buildLearner(t);
    const recently = new Date(Date.now() - 2 * 86_400_000);
    await t.deps.db.update(users).set({ lastActiveAt: recently }).where(eq(users.id, active.id));
    await t.deps.db
      .update(users)
      .set({ lastActiveAt: recently, status: "disabled" })
      .where(eq(users.id, disabled.id));
    const dashboard = await t.app.inject({
      method: "GET",
      url: "/api/af/dashboard?period=30d",
      headers: admin.auth,
    });
    const platform = await t.app.inject({
      method: "GET",
      url: "/api/af/platform-users",
      headers: admin.auth,
    });
    const onDashboard = dashboard.json().figures.active_learners.value;
    expect(onDashboard).toBeGreaterThanOrEqual(1);
    expect(platform.json().learners.active_30d).toBe(onDashboard);
  });
});

describe("users", () => {
  it("finds learners with filters, pages by keyset and deletes with an audit record", async () => {
    const manager = await buildAdmin(t, ["isUserManager", "isAbleToDeleteUsers"]);
    const marker = `zz${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i += 1)
      made.push(await buildLearner(t, { overrides: { lastName: `${marker}${i}` } }));
    await buildLearner(t, { dateOfBirth: "2020-01-01", overrides: { lastName: `${marker}child` } });
    const first = await t.app.inject({
      method: "GET",
      url: `/api/af/users?search=${marker}&role=1&child=no&per_page=3`,
      headers: manager.auth,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(5);
    expect(page1.data).toHaveLength(3);
    expect(page1.next_cursor).toBe(page1.data[2].id);
    const second = (
      await t.app.inject({
        method: "GET",
        url: `/api/af/users?search=${marker}&role=1&child=no&per_page=3&cursor=${page1.next_cursor}`,
        headers: manager.auth,
      })
    ).json();
    expect(second.data).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const children = (
      await t.app.inject({
        method: "GET",
        url: `/api/af/users?search=${marker}&child=yes`,
        headers: manager.auth,
      })
    ).json();
    expect(children.data.map((u: { is_child: boolean }) => u.is_child)).toEqual([true]);

    const target = made[0]!;
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/af/users/${target.id}`,
      headers: manager.auth,
    });
    expect(detail.json().data).toEqual(
      expect.objectContaining({ id: target.id, enrolments: [], tickets: [] }),
    );

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/users/${target.id}`,
      headers: manager.auth,
    });
    expect(removed.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.status).toBe("pending_deletion");
    // The deleted learner is refused at once.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: target.auth })).statusCode,
    ).toBe(401);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.delete"), eq(auditLog.entityId, String(target.id))));
    expect(audit).toEqual(
      expect.objectContaining({ actorId: manager.id, before: expect.objectContaining({ status: "active" }) }),
    );
    // Administrators are not managed here.
    const other = await buildAdmin(t, []);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/af/users/${other.id}`, headers: manager.auth }))
        .statusCode,
    ).toBe(403);
  });
});

describe("disabling", () => {
  it("refuses a disabled learner at once and lets them log in again when enabled", async () => {
    const manager = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t);
    const off = await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${learner.id}/status`,
      headers: manager.auth,
      payload: { status: "disabled" },
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: learner.auth })).statusCode,
    ).toBe(401);
    await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${learner.id}/status`,
      headers: manager.auth,
      payload: { status: "active" },
    });
    // Disabling ended the learner's sessions: the old token stays refused, a new login works.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: learner.auth })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { login: learner.username, password: learner.password },
    });
    expect(login.statusCode).toBe(200);
    const again = { authorization: `Bearer ${login.json().access_token}` };
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: again })).statusCode).toBe(200);
    const actions = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(learner.id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["user.disable", "user.enable"]));
  });
});

describe("configuration", () => {
  it("edits the promo bar with validation and an audit record", async () => {
    const admin = await buildAdmin(t, ["isConfigManager"]);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/af/configurations?searchText=promo",
      headers: admin.auth,
    });
    const entry = list.json().data[0];
    expect(entry.key).toBe("promo_bar");
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/af/configurations/${entry.id}`,
      headers: admin.auth,
      payload: { status: 1, value: { ...entry.value, bannerTextColor: "white" } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors["value.bannerTextColor"]).toEqual(["Use a colour like #1a2b3c"]);
    const value = { ...entry.value, bannerFirstText: "Summer sale:", bannerBgColorLeft: "#112233" };
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/af/configurations/${entry.id}`,
      headers: { ...admin.auth, "accept-language": "es" },
      payload: { status: 0, description: entry.description, value },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("La entrada de configuración se ha guardado");
    const [saved] = await t.deps.db.select().from(configurations).where(eq(configurations.id, entry.id));
    expect(saved!.value).toEqual(value);
    expect(saved!.status).toBe(0);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "configuration.update"))
      .orderBy(desc(auditLog.id));
    expect(audit!.before).toEqual(expect.objectContaining({ status: 1 }));
    expect(audit!.after).toEqual(expect.objectContaining({ status: 0, value }));
    // The learner app reads the new value.
    const learnerView = await t.app.inject({
      method: "GET",
      url: "/api/iu/configurations?searchText=promo_bar",
    });
    expect(learnerView.json().data[0].value.bannerFirstText).toBe("Summer sale:");
  });
});

describe("institutions and classes", () => {
  it("enrols every member of a class in a title, and members who join later", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const course = await buildCourse(t, { status: "published", pricePence: 2500 });
    const school = await t.app.inject({
      method: "POST",
      url: "/api/af/institutions",
      headers: admin.auth,
      payload: { name: "Colegio Cervantes", kind: "school", country: "es", city: "Madrid" },
    });
    expect(school.statusCode).toBe(201);
    expect(school.json().data.country).toBe("ES");
    const made = await t.app.inject({
      method: "POST",
      url: "/api/af/classes",
      headers: admin.auth,
      payload: { name: "3º B", institution_id: school.json().data.id },
    });
    const classId = made.json().data.id;
    const [a, b, late] = [await buildLearner(t), await buildLearner(t), await buildLearner(t)];
    const added = await t.app.inject({
      method: "POST",
      url: `/api/af/classes/${classId}/members`,
      headers: admin.auth,
      payload: { identifiers: [a.username, b.email, "nobody-here"] },
    });
    expect(added.json()).toEqual(expect.objectContaining({ added: 2, not_found: ["nobody-here"] }));
    const enrol = await t.app.inject({
      method: "POST",
      url: `/api/af/classes/${classId}/enrolments`,
      headers: admin.auth,
      payload: { course_id: course.id },
    });
    expect(enrol.statusCode).toBe(200);
    expect(enrol.json()).toEqual(expect.objectContaining({ enrolled: 2, already: 0 }));
    const again = await t.app.inject({
      method: "POST",
      url: `/api/af/classes/${classId}/enrolments`,
      headers: admin.auth,
      payload: { course_id: course.id },
    });
    expect(again.json()).toEqual(expect.objectContaining({ enrolled: 0, already: 2 }));
    await t.app.inject({
      method: "POST",
      url: `/api/af/classes/${classId}/members`,
      headers: admin.auth,
      payload: { identifiers: [late.username] },
    });
    const rows = await t.deps.db.select().from(enrolments).where(eq(enrolments.courseId, course.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id, late.id].sort());
    expect(rows.every((r) => r.source === "admin")).toBe(true);
    // The learner sees the title as enrolled.
    const mine = await t.app.inject({ method: "GET", url: "/api/iu/courses/enrolled", headers: a.auth });
    expect(JSON.stringify(mine.json())).toContain(`"id":${course.id}`);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/af/classes/${classId}`,
      headers: admin.auth,
    });
    expect(detail.json().data).toEqual(expect.objectContaining({ members: 3, courses: 1 }));
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, "class.enrol"));
    expect(audit!.after).toEqual(expect.objectContaining({ courseId: course.id, enrolled: 2 }));
  });
});

describe("external login issues", () => {
  it("a learner who changed email asks for help; an admin changes the email and sends a reset link", async () => {
    const learner = await buildLearner(t);
    const request = await t.app.inject({
      method: "POST",
      url: "/api/external-login-issues",
      headers: { "accept-language": "es" },
      payload: {
        full_name: "Lucía Pérez",
        account_identifier: learner.username,
        contact_email: "lucia.new@example.test",
        reason: "changed_email",
        description: "Ya no tengo acceso a mi correo antiguo",
      },
    });
    expect(request.statusCode).toBe(201);
    expect(request.json().message).toContain("lucia.new@example.test");
    const [mail] = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "lucia.new@example.test"));
    expect(mail!.subject).toContain("Tu solicitud");

    const admin = await buildAdmin(t, ["isUserManager"]);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/af/external-login-issues?status=open",
      headers: admin.auth,
    });
    const issue = list
      .json()
      .data.find((i: { account_identifier: string }) => i.account_identifier === learner.username);
    expect(issue.user.id).toBe(learner.id);

    const changed = await t.app.inject({
      method: "POST",
      url: `/api/af/external-login-issues/${issue.id}/actions`,
      headers: admin.auth,
      payload: {
        kind: "email_changed",
        email: "lucia.new@example.test",
        note: "Checked her date of birth by phone",
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.status).toBe("in_progress");
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, learner.id));
    expect(account!.email).toBe("lucia.new@example.test");

    await t.app.inject({
      method: "POST",
      url: `/api/af/external-login-issues/${issue.id}/actions`,
      headers: admin.auth,
      payload: { kind: "reset_link_sent" },
    });
    const resetMails = await t.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "lucia.new@example.test"));
    expect(resetMails.length).toBe(2);

    const closed = await t.app.inject({
      method: "POST",
      url: `/api/af/external-login-issues/${issue.id}/actions`,
      headers: admin.auth,
      payload: { kind: "status_changed", status: "resolved", note: "She logged in again" },
    });
    const detail = closed.json().data;
    expect(detail.status).toBe("resolved");
    expect(detail.resolved_at).not.toBeNull();
    expect(detail.actions.map((a: { kind: string }) => a.kind)).toEqual([
      "email_changed",
      "reset_link_sent",
      "status_changed",
    ]);
    expect(detail.actions[0].admin).toBe(admin.username);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(learner.id)));
    expect(audits.map((a) => a.action)).toContain("user.email_change");
  });

  it("removes a lost phone from the matched account", async () => {
    const learner = await buildLearner(t, { overrides: { phone: "+447700900777" } });
    await t.app.inject({
      method: "POST",
      url: "/api/external-login-issues",
      payload: {
        full_name: "Pat Lost",
        account_identifier: "+44 7700 900777",
        contact_email: "pat@example.test",
        reason: "lost_phone",
        description: "My phone was stolen yesterday",
      },
    });
    const admin = await buildAdmin(t, ["isUserManager"]);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/af/external-login-issues?search=Pat%20Lost",
      headers: admin.auth,
    });
    const issue = list.json().data[0];
    expect(issue.user.id).toBe(learner.id);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/af/external-login-issues/${issue.id}/actions`,
      headers: admin.auth,
      payload: { kind: "phone_removed", note: "Confirmed by video call" },
    });
    expect(res.statusCode).toBe(200);
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, learner.id));
    expect(account!.phone).toBeNull();
    expect(res.json().data.actions[0].note).toContain("+447700900777 → —");
  });

  it("refuses an incomplete request with field errors", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/external-login-issues",
      payload: {
        full_name: "",
        account_identifier: "x",
        contact_email: "no",
        reason: "lost_phone",
        description: "",
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(["full_name", "contact_email", "description"]),
    );
  });
});
