import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  call,
  latestMessage,
  linkPathToken,
  logInAs,
  newPhone,
  PASSWORD,
  registerVerified,
  userByUsername,
} from "../auth/auth.testing";
import { oneTimeTokens, outbox, refreshTokens, userProfiles, users } from "../db/schema/index";
import { ERASE_JOB, eraseExpiredAccounts } from "./erasure.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const FEEDBACK = "I found another course that suits me better.";

async function loggedIn(overrides: Record<string, unknown> = {}) {
  const form = await registerVerified(t, overrides);
  const session = await logInAs(t, form.username);
  return { form, ...session, headers: bearer(session.accessToken) };
}

describe("DELETE /iu/me", () => {
  it("checks the feedback length and the typed username", async () => {
    const { form, headers } = await loggedIn();
    const del = (payload: unknown, extra: Record<string, string> = {}) =>
      call(t, "/iu/me", { method: "DELETE", headers: { ...headers, ...extra }, payload });
    expect((await del({})).json().errors).toEqual({
      feedback: ["This field is required"],
      username: ["This field is required"],
    });
    expect((await del({ feedback: "too short", username: form.username })).json().errors.feedback).toEqual([
      "Minimum allowed characters is 10",
    ]);
    expect(
      (await del({ feedback: "x".repeat(1001), username: form.username })).json().errors.feedback,
    ).toEqual(["Maximum allowed characters is 1000"]);
    const wrong = await del({ feedback: FEEDBACK, username: "someone_else" }, { "x-language-id": "2" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.username).toEqual(["El nombre de usuario no coincide con tu cuenta"]);
    expect((await userByUsername(t, form.username)).status).toBe("active");
  });

  it("needs a logged-in learner", async () => {
    expect(
      (await call(t, "/iu/me", { method: "DELETE", payload: { feedback: FEEDBACK, username: "x" } }))
        .statusCode,
    ).toBe(401);
    const admin = await buildAdmin(t);
    const res = await call(t, "/iu/me", {
      method: "DELETE",
      headers: admin.auth,
      payload: { feedback: FEEDBACK, username: admin.username },
    });
    expect(res.statusCode).toBe(403);
  });

  it("marks the account, logs it out everywhere, mails a 14-day restore link, and restore brings it back", async () => {
    const { form, headers, refresh } = await loggedIn();
    const otherDevice = await logInAs(t, form.username);
    const res = await call(t, "/iu/me", {
      method: "DELETE",
      headers,
      payload: { feedback: FEEDBACK, username: form.username.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Your account is scheduled for deletion. We sent you a link to restore it within 14 days.",
    });
    const user = await userByUsername(t, form.username);
    expect(user).toMatchObject({ status: "pending_deletion", deletionFeedback: FEEDBACK });
    expect(user.deletionRequestedAt).not.toBeNull();
    // Logged out everywhere: refresh tokens revoked, access tokens refused at once.
    expect((await call(t, "/auth/refresh", { cookie: refresh })).statusCode).toBe(401);
    expect((await call(t, "/auth/refresh", { cookie: otherDevice.refresh })).statusCode).toBe(401);
    expect((await call(t, "/auth/me", { method: "GET", headers })).statusCode).toBe(401);

    const mail = await latestMessage(t, form.email);
    expect(mail.subject).toBe("Your Aprendo account is scheduled for deletion");
    const token = linkPathToken(mail, "/restore-account/");
    const [row] = await t.deps.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.purpose, "account_restore"));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const restored = await call(t, "/auth/restore", { payload: { token } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ message: "Your account has been restored. You can now log in." });
    expect((await userByUsername(t, form.username)).status).toBe("active");
    await logInAs(t, form.username);
    const again = await call(t, "/auth/restore", { payload: { token }, headers: { "x-language-id": "2" } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Este enlace de restauración no es válido o ha caducado.");
  });

  it("refuses an expired, unknown or malformed restore token", async () => {
    const { form, headers } = await loggedIn();
    await call(t, "/iu/me", {
      method: "DELETE",
      headers,
      payload: { feedback: FEEDBACK, username: form.username },
    });
    const token = linkPathToken(await latestMessage(t, form.email), "/restore-account/");
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.purpose, "account_restore"));
    expect((await call(t, "/auth/restore", { payload: { token } })).statusCode).toBe(400);
    expect((await call(t, "/auth/restore", { payload: { token: "E".repeat(43) } })).statusCode).toBe(400);
    expect((await call(t, "/auth/restore", { payload: { token: "<script>" } })).statusCode).toBe(422);
  });
});

describe("erasure after the grace period", () => {
  it("anonymises the account and removes its personal data after 14 days, not before", async () => {
    const phone = newPhone();
    const form = await registerVerified(t, { phone });
    const user = await userByUsername(t, form.username);
    await t.deps.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const headers = bearer((await logInAs(t, form.username)).accessToken);
    await call(t, "/iu/me", {
      method: "DELETE",
      headers,
      payload: { feedback: FEEDBACK, username: form.username },
    });

    expect(await eraseExpiredAccounts(t.deps)).not.toContain(user.id);
    expect(await eraseExpiredAccounts(t.deps, new Date(Date.now() + 13 * 86_400_000))).not.toContain(user.id);
    expect((await userByUsername(t, form.username)).status).toBe("pending_deletion");

    // The job handler registered in workers.ts does the same, run at the end of the grace period.
    await t.deps.db
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 14 * 86_400_000 - 1000) })
      .where(eq(users.id, user.id));
    await t.deps.jobs.send(ERASE_JOB, {});

    const [erased] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(erased).toMatchObject({
      username: `deleted-${user.id}`,
      email: null,
      phone: null,
      firstName: "",
      lastName: "",
      dateOfBirth: null,
      guardianEmail: null,
      deletionFeedback: null,
      status: "erased",
    });
    expect(erased!.erasedAt).not.toBeNull();
    expect(await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id))).toEqual([]);
    expect(await t.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toEqual([]);
    expect(await t.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))).toEqual([]);
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.recipient, form.email))).toEqual([]);
    // Nothing can log in as it any more, and its username and email are free again.
    const login = await call(t, "/auth/login", { payload: { login: form.email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
    await registerVerified(t, {
      username: form.username,
      email: form.email,
      email_confirmation: form.email,
      phone,
    });
  });
});

describe("PUT /iu/change-password", () => {
  const body = (current: string, password: string, confirmation = password) => ({
    current_password: current,
    password,
    password_confirmation: confirmation,
  });

  it("changes the password and ends the other sessions, keeping this one", async () => {
    const { form, headers, refresh } = await loggedIn();
    const other = await logInAs(t, form.username);
    const res = await call(t, "/iu/change-password", {
      method: "PUT",
      headers,
      payload: body(PASSWORD, "Changed-Pass9"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been changed" });
    expect((await call(t, "/auth/refresh", { cookie: other.refresh })).statusCode).toBe(401);
    expect((await call(t, "/auth/refresh", { cookie: refresh })).statusCode).toBe(200);
    expect(
      (await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } })).statusCode,
    ).toBe(401);
    await logInAs(t, form.username, "Changed-Pass9");
  });

  it("refuses a wrong current password, the same password, a mismatch and a weak one", async () => {
    const { headers } = await loggedIn();
    const put = (payload: unknown) => call(t, "/iu/change-password", { method: "PUT", headers, payload });
    const wrong = await put(body("Wrong-Pass1", "Changed-Pass9"));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ["The current password is not correct"] });
    expect((await put(body(PASSWORD, PASSWORD))).json().errors).toEqual({
      password: ["The new password must be different from the current one"],
    });
    expect((await put(body(PASSWORD, "Changed-Pass9", "Changed-Pass8"))).json().errors).toEqual({
      password_confirmation: ["Passwords must be identical"],
    });
    expect((await put(body(PASSWORD, "short"))).json().errors.password[0]).toBe(
      "Minimum allowed characters is 8",
    );
    expect((await put({})).json().errors).toMatchObject({ current_password: ["This field is required"] });
  });

  it("needs a valid access token", async () => {
    const res = await call(t, "/iu/change-password", {
      method: "PUT",
      headers: bearer("expired.or.invalid"),
      payload: body(PASSWORD, "Changed-Pass9"),
    });
    expect(res.statusCode).toBe(401);
  });

  it("limits attempts per address (429)", async () => {
    const { headers } = await loggedIn();
    let status = 0;
    for (let i = 0; i < 11; i++)
      status = (
        await call(t, "/iu/change-password", { method: "PUT", ip: "10.252.0.1", headers, payload: {} })
      ).statusCode;
    expect(status).toBe(429);
  });
});
