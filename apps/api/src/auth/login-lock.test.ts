/**
 * Failed logins count per account whatever identifier was typed, on every node,
 * and a locked-out owner still gets in through the mailed reset link or the SMS reset code.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { users } from "../db/schema/index";
import {
  call,
  codeIn,
  latestMessage,
  linkPathToken,
  logInAs,
  newPhone,
  PASSWORD,
  registerVerified,
} from "./auth.testing";

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createSiblingApp(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const NEW_PASSWORD = "Another-Pass7";

/** A verified account with a verified phone number: three identifiers for one account. */
async function accountWithThreeIdentifiers() {
  const phone = newPhone();
  const form = await registerVerified(t);
  await t.deps.db
    .update(users)
    .set({ phone, phoneVerifiedAt: new Date() })
    .where(eq(users.username, form.username));
  return { ...form, phone };
}

const wrongLogin = (node: TestApp, login: string) =>
  call(node, "/auth/login", { payload: { login, password: "Wrong-Pass1" } });

/** Ten failed passwords typed with different identifiers on two nodes: 4 + 3 + 3. */
async function lockOut(account: { username: string; email: string; phone: string }) {
  const tries = [
    ...Array(4).fill([t, account.username]),
    ...Array(3).fill([other, account.email.toUpperCase()]),
    ...Array(3).fill([t, account.phone]),
  ] as [TestApp, string][];
  for (const [node, login] of tries) expect((await wrongLogin(node, login)).statusCode).toBe(401);
}

/** Ten failed passwords typed as the username (what a per-identifier count also locks). */
async function lockOutByUsername(account: { username: string }) {
  for (let i = 0; i < 10; i++) expect((await wrongLogin(t, account.username)).statusCode).toBe(401);
  expect(
    (await call(t, "/auth/login", { payload: { login: account.username, password: PASSWORD } })).statusCode,
  ).toBe(429);
}

describe("the per-account login lock", () => {
  it("counts username, email and phone attempts on one account, across nodes: the 11th is refused", async () => {
    const account = await accountWithThreeIdentifiers();
    await lockOut(account);
    for (const [node, login] of [
      [t, account.email],
      [other, account.username],
      [t, account.phone],
    ] as const) {
      const res = await call(node, "/auth/login", {
        payload: { login, password: PASSWORD },
        headers: { "x-language-id": "2" },
      });
      expect(res.statusCode, login).toBe(429);
      expect(res.json().message).toMatch(/^Demasiados intentos\. Espera \d+ segundos/);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("answers an unknown identifier the same way after as many failures", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await wrongLogin(t, "nobody_by_this_name")).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("lets the locked-out owner in through the mailed reset link, which clears the lock", async () => {
    const account = await accountWithThreeIdentifiers();
    await lockOutByUsername(account);
    expect(
      (await call(t, "/auth/password-reset/request", { payload: { login: account.email } })).statusCode,
    ).toBe(200);
    const token = linkPathToken(await latestMessage(t, account.email), "/reset-password/");
    const reset = await call(other, "/auth/password-reset", {
      method: "PUT",
      payload: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const { accessToken } = await logInAs(t, account.username, NEW_PASSWORD);
    expect(accessToken).toMatch(/^ey/);
  });

  it("lets the locked-out owner in through the SMS reset code, which clears the lock", async () => {
    const account = await accountWithThreeIdentifiers();
    await lockOutByUsername(account);
    await call(t, "/auth/password-reset/request", { payload: { login: account.phone } });
    const code = codeIn(await latestMessage(t, account.phone));
    const exchanged = await call(t, "/auth/password-reset/phone/verify", {
      payload: { phone: account.phone, code },
    });
    expect(exchanged.statusCode).toBe(200);
    const reset = await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: { token: exchanged.json().token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await logInAs(t, account.username, NEW_PASSWORD);
  });

  it("a successful login starts the count again", async () => {
    const account = await accountWithThreeIdentifiers();
    for (let i = 0; i < 9; i++) await wrongLogin(t, account.username);
    await logInAs(t, account.email);
    for (let i = 0; i < 9; i++) expect((await wrongLogin(other, account.phone)).statusCode).toBe(401);
    await logInAs(t, account.username);
  });
});
