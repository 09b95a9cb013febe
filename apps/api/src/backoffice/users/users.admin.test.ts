/**
 * A user manager sorts the users list, corrects a learner's profile, sends them a
 * reset link and disables/enables them; a master administrator lists and disables administrators.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildHeadAdmin, buildLearner, buildMasterAdmin } from "../../../test/factories";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auditLog, outbox, users } from "../../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = {
  username: "maria_fixed",
  first_name: "María",
  last_name: "López",
  date_of_birth: "2001-04-05",
  gender: "female",
  city: "Sevilla",
  country: "es",
  postal_code: "41001",
  address: "Calle Feria 10",
  occupation: "",
  language_id: 2,
};

async function lastAudit(action: string, entityId: number) {
  const [row] = await t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe("users list order", () => {
  it("sorts by a column both ways and pages by keyset in that order", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const tag = `srt${Date.now().toString(36)}`;
    for (const name of ["Carla", "alba", "Bruno", "Dani", "Eva"])
      await buildLearner(t, { overrides: { firstName: name, lastName: tag } });
    const page = async (query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/af/users?search=${tag}&${query}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { id: number; first_name: string }[]; next_cursor: number | null };
    };
    const first = await page("sort=name&per_page=2");
    expect(first.data.map((u) => u.first_name)).toEqual(["alba", "Bruno"]);
    const second = await page(`sort=name&per_page=2&cursor=${first.next_cursor}`);
    expect(second.data.map((u) => u.first_name)).toEqual(["Carla", "Dani"]);
    const third = await page(`sort=name&per_page=2&cursor=${second.next_cursor}`);
    expect(third.data.map((u) => u.first_name)).toEqual(["Eva"]);
    expect(third.next_cursor).toBeNull();
    const down = await page("sort=-name&per_page=3");
    expect(down.data.map((u) => u.first_name)).toEqual(["Eva", "Dani", "Carla"]);
  });

  it("refuses a column the list does not sort by, with a translated message", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/af/users?sort=password_hash",
      headers: { ...admin.auth, "accept-language": "es" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sort[0]).toMatch(/valores/i);
  });
});

describe("a learner's profile edited by a user manager", () => {
  it("saves the fields, records only what changed, and shows it on the user's page", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${learner.id}/profile`,
      headers: admin.auth,
      payload: { ...profile, username: `${learner.username}_x` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("The profile has been saved");
    const detail = (
      await t.app.inject({ method: "GET", url: `/api/af/users/${learner.id}`, headers: admin.auth })
    ).json().data;
    expect(detail).toMatchObject({
      username: `${learner.username}_x`,
      first_name: "María",
      country: "ES",
      date_of_birth: "2001-04-05",
      language_id: 2,
      profile: { city: "Sevilla", postal_code: "41001", address: "Calle Feria 10", gender: "female" },
    });
    const audit = await lastAudit("user.profile_update", learner.id);
    expect(audit!.actorId).toBe(admin.id);
    expect(audit!.before).toMatchObject({ firstName: "Test", city: null, country: null });
    expect(audit!.after).toMatchObject({ firstName: "María", city: "Sevilla", country: "ES" });
    // Unchanged fields are left out of the diff.
    expect(audit!.after).not.toHaveProperty("occupation");
  });

  it("answers the learner form's own messages for invalid fields and a taken username", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t);
    const other = await buildLearner(t);
    const invalid = await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${learner.id}/profile`,
      headers: { ...admin.auth, "accept-language": "es" },
      payload: { ...profile, first_name: "", country: "Spain", date_of_birth: "2001-02-30" },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(
      expect.arrayContaining(["first_name", "country", "date_of_birth"]),
    );
    const taken = await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${learner.id}/profile`,
      headers: admin.auth,
      payload: { ...profile, username: other.username.toUpperCase() },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.username).toEqual(["This username is already taken"]);
  });

  it("is refused for an administrator's account and without the user manager flag", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const other = await buildAdmin(t);
    const learner = await buildLearner(t);
    const onAdmin = await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${other.id}/profile`,
      headers: admin.auth,
      payload: profile,
    });
    expect(onAdmin.statusCode).toBe(403);
    const noFlag = await t.app.inject({
      method: "PUT",
      url: `/api/af/users/${learner.id}/profile`,
      headers: other.auth,
      payload: profile,
    });
    expect(noFlag.statusCode).toBe(403);
  });
});

describe("a password-reset link sent by a user manager", () => {
  it("mails the forgot-password link, records it, and refuses a second one within a minute", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t);
    const url = `/api/af/users/${learner.id}/password-reset`;
    const sent = await t.app.inject({ method: "POST", url, headers: admin.auth });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(`A password-reset link has been sent to ${learner.email}`);
    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.recipient, learner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain("/reset-password");
    expect((await lastAudit("user.password_reset_link", learner.id))!.actorId).toBe(admin.id);

    const again = await t.app.inject({
      method: "POST",
      url,
      headers: { ...admin.auth, "accept-language": "es" },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/segundos/);
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.recipient, learner.email))).toHaveLength(1);
  });

  it("says why when the account is disabled", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t, { overrides: { status: "disabled" } });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/af/users/${learner.id}/password-reset`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/disabled/);
  });
});

describe("disabling a learner", () => {
  it("ends their session, refuses their login in their language, and enabling lets them in again", async () => {
    const admin = await buildAdmin(t, ["isUserManager"]);
    const learner = await buildLearner(t);
    const status = (value: "active" | "disabled") =>
      t.app.inject({
        method: "PUT",
        url: `/api/af/users/${learner.id}/status`,
        headers: admin.auth,
        payload: { status: value },
      });
    expect((await status("disabled")).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: learner.auth })).statusCode,
    ).toBe(401);
    const login = (language: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "accept-language": language },
        payload: { login: learner.username, password: learner.password },
      });
    const refused = await login("es");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Esta cuenta ha sido desactivada. Ponte en contacto con soporte.");
    expect((await lastAudit("user.disable", learner.id))!.actorId).toBe(admin.id);
    expect((await status("active")).statusCode).toBe(200);
    expect((await login("en")).statusCode).toBe(200);
  });
});

describe("the master administrator's list of administrators", () => {
  it("lists every role, filtered and sorted, and is refused below role 5", async () => {
    const master = await buildMasterAdmin(t);
    const head = await buildHeadAdmin(t);
    await buildAdmin(t);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/ma/administrators?sort=-role&per_page=100",
      headers: master.auth,
    });
    expect(list.statusCode).toBe(200);
    const roles = (list.json().data as { role_id: number }[]).map((a) => a.role_id);
    expect(new Set(roles)).toEqual(new Set([3, 4, 5]));
    expect(roles).toEqual([...roles].sort((a, b) => b - a));
    const heads = await t.app.inject({
      method: "GET",
      url: "/api/ma/administrators?role=4",
      headers: master.auth,
    });
    expect((heads.json().data as { role_id: number }[]).every((a) => a.role_id === 4)).toBe(true);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/ma/administrators?role=1",
      headers: master.auth,
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/ma/administrators", headers: head.auth })).statusCode,
    ).toBe(403);
  });

  it("disables and enables administrators of any level but never themselves", async () => {
    const master = await buildMasterAdmin(t);
    const otherMaster = await buildMasterAdmin(t);
    const admin = await buildAdmin(t);
    const call = (id: number, action: "disable" | "enable") =>
      t.app.inject({ method: "POST", url: `/api/ma/administrators/${id}/${action}`, headers: master.auth });
    expect((await call(admin.id, "disable")).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: admin.auth })).statusCode).toBe(
      401,
    );
    expect((await call(admin.id, "disable")).statusCode).toBe(409);
    expect((await call(otherMaster.id, "disable")).statusCode).toBe(200);
    expect((await lastAudit("master_administrator.disable", otherMaster.id))!.actorId).toBe(master.id);
    expect((await call(otherMaster.id, "enable")).statusCode).toBe(200);
    expect((await call(master.id, "disable")).statusCode).toBe(403);
    const learner = await buildLearner(t);
    expect((await call(learner.id, "disable")).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.status).toBe("disabled");
    expect((await call(admin.id, "enable")).statusCode).toBe(200);
  });
});
