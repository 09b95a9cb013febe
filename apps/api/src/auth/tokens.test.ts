import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { refreshTokens, userProfiles } from "../db/schema/index";
import { signAccessToken } from "./access-token";
import { bornYearsAgo, call, logInAs, registerVerified, userByUsername } from "./auth.testing";
import { sha256 } from "./secrets";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("POST /auth/refresh", () => {
  it("rotates the refresh token and answers a new access token", async () => {
    const form = await registerVerified(t);
    const { refresh } = await logInAs(t, form.username);
    const res = await call(t, "/auth/refresh", { cookie: refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    const next = res.cookies.find((c) => c.name === "refresh_token")?.value;
    expect(next).toBeTruthy();
    expect(next).not.toBe(refresh);
    const me = await call(t, "/auth/me", { method: "GET", headers: bearer(res.json().access_token) });
    expect(me.statusCode).toBe(200);
    // The stored form is a SHA-256 hash, never the token.
    const [row] = await t.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next!)));
    expect(row).toBeDefined();
  });

  it("revokes the whole family when a rotated token is used again", async () => {
    const form = await registerVerified(t);
    const { refresh: first } = await logInAs(t, form.username);
    const second = (await call(t, "/auth/refresh", { cookie: first })).cookies.find(
      (c) => c.name === "refresh_token",
    )!.value;
    const reuse = await call(t, "/auth/refresh", { cookie: first });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: "Your session has expired. Please log in again." });
    // The legitimate holder of the newest token is logged out too.
    expect((await call(t, "/auth/refresh", { cookie: second })).statusCode).toBe(401);
    // Another session (another login) is not affected.
    const other = await logInAs(t, form.username);
    expect((await call(t, "/auth/refresh", { cookie: other.refresh })).statusCode).toBe(200);
  });

  it("answers 401 without a cookie, with an unknown token and with an expired one", async () => {
    expect((await call(t, "/auth/refresh")).statusCode).toBe(401);
    expect((await call(t, "/auth/refresh", { cookie: "not-a-real-token" })).statusCode).toBe(401);
    const form = await registerVerified(t);
    const { refresh } = await logInAs(t, form.username);
    await t.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    const expired = await call(t, "/auth/refresh", { cookie: refresh, headers: { "x-language-id": "2" } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe("Tu sesión ha caducado. Vuelve a iniciar sesión.");
  });

  it("limits refreshes per address (429)", async () => {
    let status = 0;
    for (let i = 0; i < 61; i++) status = (await call(t, "/auth/refresh", { ip: "10.250.0.1" })).statusCode;
    expect(status).toBe(429);
  });
});

describe("POST /auth/logout", () => {
  it("revokes the session and clears the cookie", async () => {
    const form = await registerVerified(t);
    const { refresh, accessToken } = await logInAs(t, form.username);
    const res = await call(t, "/auth/logout", { cookie: refresh, headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "You have been logged out" });
    const cleared = res.cookies.find((c) => c.name === "refresh_token");
    expect(cleared?.value).toBe("");
    expect((await call(t, "/auth/refresh", { cookie: refresh })).statusCode).toBe(401);
  });

  it("works without any session too", async () => {
    expect((await call(t, "/auth/logout")).statusCode).toBe(200);
  });
});

describe("GET /auth/me", () => {
  it("returns the learner of spec section 3", async () => {
    const form = await registerVerified(t, { first_name: "Ana", last_name: "Lopez" });
    const { accessToken } = await logInAs(t, form.username);
    const user = await userByUsername(t, form.username);
    await t.deps.db
      .update(userProfiles)
      .set({ enableSalaryScale: true })
      .where(eq(userProfiles.userId, user.id));
    const res = await call(t, "/auth/me", { method: "GET", headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: "Ana_Lopez",
      username: form.username,
      email: form.email,
      phone: null,
      role_id: 1,
      language_id: 1,
      first_name: "Ana",
      last_name: "Lopez",
      is_child: false,
      parent_verified: true,
      user_profile: { enable_salary_scale: true, date_of_birth: "1995-03-14" },
      salary_scale: null,
    });
  });

  it("flags a child", async () => {
    const child = await buildLearner(t, {
      dateOfBirth: bornYearsAgo(9),
      overrides: { guardianEmail: "parent@example.test", guardianVerifiedAt: new Date() },
    });
    const res = await call(t, "/auth/me", { method: "GET", headers: child.auth });
    expect(res.json()).toMatchObject({ is_child: true, parent_verified: true });
  });

  it("gives administrators their permission names and no learner fields", async () => {
    const admin = await buildAdmin(t, ["isFaqManager", "isCouponManager"]);
    const res = await call(t, "/auth/me", { method: "GET", headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.role_id).toBe(3);
    expect([...body.permissions].sort()).toEqual(["isCouponManager", "isFaqManager"]);
    expect(body).not.toHaveProperty("first_name");
    expect(body.user_profile).toBeNull();
    expect(body.name).toMatch(/^Test_User\d+$/);
  });

  it("answers 401 without a token, with an invalid one and with an expired one", async () => {
    const learner = await buildLearner(t);
    expect((await call(t, "/auth/me", { method: "GET" })).statusCode).toBe(401);
    const invalid = await call(t, "/auth/me", { method: "GET", headers: bearer("not.a.jwt") });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({ message: "Please log in to continue" });
    const expired = await signAccessToken(
      t.config.jwtSecret,
      { userId: learner.id, roleId: 1 },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    expect((await call(t, "/auth/me", { method: "GET", headers: bearer(expired) })).statusCode).toBe(401);
    const forged = await new SignJWT({ role: 1, typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(learner.id))
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await call(t, "/auth/me", { method: "GET", headers: bearer(forged) })).statusCode).toBe(401);
    const es = await call(t, "/auth/me", {
      method: "GET",
      headers: { ...bearer(expired), "x-language-id": "2" },
    });
    expect(es.json().message).toBe("Inicia sesión para continuar");
  });
});

describe("calls without a body", () => {
  it("accept an empty JSON body on refresh and logout (clients that always send the header)", async () => {
    const headers = { "content-type": "application/json" };
    expect((await call(t, "/auth/logout", { headers, payload: "" })).statusCode).toBe(200);
    expect((await call(t, "/auth/refresh", { headers, payload: "" })).statusCode).toBe(401);
    expect((await call(t, "/auth/refresh", { headers, payload: "{}" })).statusCode).toBe(401);
  });

  it("publishes every auth path in the OpenAPI document", async () => {
    const paths = Object.keys((await t.app.inject({ url: "/api/docs/json" })).json().paths);
    for (const path of [
      "/api/auth/login",
      "/api/auth/phone/verify",
      "/api/auth/register",
      "/api/auth/logout",
      "/api/auth/verify",
      "/api/auth/verify-age",
      "/api/auth/password-reset/check",
      "/api/auth/password-reset",
      "/api/auth/verify/resend",
      "/api/auth/verify/parent/resend",
      "/api/auth/password-reset/request",
      "/api/auth/password-reset/phone/verify",
      "/api/auth/password-reset/email/update",
      "/api/auth/phone/verify/resend",
      "/api/auth/phone/update",
      "/api/auth/refresh",
      "/api/auth/me",
      "/api/auth/restore",
      "/api/iu/me",
      "/api/iu/change-password",
    ])
      expect(paths, path).toContain(path);
  });
});
