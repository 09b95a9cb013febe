import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { oneTimeTokens, users } from "../db/schema/index";
import {
  call,
  codeIn,
  latestMessage,
  linkParam,
  linkPathToken,
  logInAs,
  messageCount,
  newPhone,
  PASSWORD,
  registerVerified,
  userByUsername,
} from "./auth.testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "Brand-New-Pass2";
const resetBody = (token: string, password = NEW_PASSWORD) => ({
  token,
  password,
  password_confirmation: password,
});

async function verifiedPhoneAccount() {
  const phone = newPhone();
  const form = await registerVerified(t);
  await t.deps.db
    .update(users)
    .set({ phone, phoneVerifiedAt: new Date() })
    .where(eq(users.username, form.username));
  return { form, phone };
}

describe("password reset by email link", () => {
  it("mails a link to /reset-password/{token}; the token is checked, used once, and ends every session", async () => {
    const form = await registerVerified(t);
    const session = await logInAs(t, form.username);
    const res = await call(t, "/auth/password-reset/request", { payload: { login: form.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      method: "email",
      message: "If an account matches, we have sent instructions to reset the password. Check your messages.",
    });
    const mail = await latestMessage(t, form.email);
    expect(mail.subject).toBe("Reset your Aprendo password");
    expect(mail.bodyText).toContain(`${t.config.publicUrl}/reset-password/`);
    const token = linkPathToken(mail, "/reset-password/");

    expect((await call(t, "/auth/password-reset/check", { payload: { token } })).json()).toEqual({
      valid: true,
    });
    const same = await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: resetBody(token, PASSWORD),
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password).toEqual(["The new password must be different from the current one"]);
    const mismatch = await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: { token, password: NEW_PASSWORD, password_confirmation: "Other-Pass3" },
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(["Passwords must be identical"]);
    const weak = await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: resetBody(token, "weakpassword"),
    });
    expect(weak.json().errors.password).toEqual([
      "Use a mix of numbers, symbols, uppercase and lowercase letters",
    ]);

    const done = await call(t, "/auth/password-reset", { method: "PUT", payload: resetBody(token) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: "Your password has been changed. You can now log in." });
    expect((await call(t, "/auth/refresh", { cookie: session.refresh })).statusCode).toBe(401);
    const old = await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } });
    expect(old.statusCode).toBe(401);
    await logInAs(t, form.username, NEW_PASSWORD);

    const reused = await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: resetBody(token, "Third-Pass3!"),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      message: "This password reset link is invalid or has expired. Ask for a new one.",
    });
    expect((await call(t, "/auth/password-reset/check", { payload: { token } })).statusCode).toBe(400);
  });

  it("answers the same whether or not the account exists, and sends nothing for an unknown one", async () => {
    const form = await registerVerified(t);
    const known = await call(t, "/auth/password-reset/request", { payload: { login: form.username } });
    const unknown = await call(t, "/auth/password-reset/request", {
      payload: { login: "nobody@example.test" },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await messageCount(t, "nobody@example.test")).toBe(0);
  });

  it("refuses an expired link and an unknown or malformed token", async () => {
    const form = await registerVerified(t);
    await call(t, "/auth/password-reset/request", { payload: { login: form.username } });
    const token = linkPathToken(await latestMessage(t, form.email), "/reset-password/");
    const user = await userByUsername(t, form.username);
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, "password_reset")));
    const expired = await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: resetBody(token),
      headers: { "x-language-id": "2" },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      "Este enlace para restablecer la contraseña no es válido o ha caducado. Pide uno nuevo.",
    );
    expect((await call(t, "/auth/password-reset/check", { payload: { token } })).statusCode).toBe(400);
    expect(
      (await call(t, "/auth/password-reset/check", { payload: { token: "C".repeat(43) } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t, "/auth/password-reset/check", { payload: { token: "" } })).json().errors.token,
    ).toEqual(["This field is required"]);
    expect(
      (await call(t, "/auth/password-reset", { method: "PUT", payload: {} })).json().errors,
    ).toMatchObject({
      token: ["This field is required"],
      password: ["This field is required"],
      password_confirmation: ["This field is required"],
    });
  });

  it("keeps only the newest link valid", async () => {
    const form = await registerVerified(t);
    await call(t, "/auth/password-reset/request", { payload: { login: form.username } });
    const first = linkPathToken(await latestMessage(t, form.email), "/reset-password/");
    await t.deps.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeTokens.purpose, "password_reset"));
    await call(t, "/auth/password-reset/request", { payload: { login: form.username } });
    const second = linkPathToken(await latestMessage(t, form.email), "/reset-password/");
    expect(second).not.toBe(first);
    expect((await call(t, "/auth/password-reset/check", { payload: { token: first } })).statusCode).toBe(400);
    expect((await call(t, "/auth/password-reset/check", { payload: { token: second } })).statusCode).toBe(
      200,
    );
  });

  it("limits requests per address (429) and per account (silently: nothing more is sent, the last link works)", async () => {
    const form = await registerVerified(t);
    const ask = () => call(t, "/auth/password-reset/request", { payload: { login: form.email } });
    expect((await ask()).statusCode).toBe(200);
    const link = linkPathToken(await latestMessage(t, form.email), "/reset-password/");
    // Three asks a quarter of an hour per account; one mail a minute whatever the count.
    for (let i = 0; i < 3; i++) {
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(res.json().method).toBe("email");
    }
    expect(await messageCount(t, form.email)).toBe(2); // the verification mail and one reset link
    expect((await call(t, "/auth/password-reset/check", { payload: { token: link } })).statusCode).toBe(200);
    let status = 0;
    const ip = "10.251.0.1";
    for (let i = 0; i < 6; i++)
      status = (await call(t, "/auth/password-reset/request", { ip, payload: { login: `user_${i}` } }))
        .statusCode;
    expect(status).toBe(429);
  });
});

describe("password reset by SMS code", () => {
  it("sends a code to a verified number, exchanges it for a reset token, and resets", async () => {
    const { form, phone } = await verifiedPhoneAccount();
    const res = await call(t, "/auth/password-reset/request", { payload: { login: phone } });
    expect(res.json()).toEqual({
      method: "sms",
      message: "If an account matches this phone number, we have sent it a code.",
    });
    const sms = await latestMessage(t, phone);
    expect(sms.bodyText).toMatch(/password reset code is \d{6}/);
    const code = codeIn(sms);
    const exchanged = await call(t, "/auth/password-reset/phone/verify", { payload: { phone, code } });
    expect(exchanged.statusCode).toBe(200);
    const { token } = exchanged.json();
    expect(typeof token).toBe("string");
    // The code is single-use.
    expect(
      (await call(t, "/auth/password-reset/phone/verify", { payload: { phone, code } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t, "/auth/password-reset", { method: "PUT", payload: resetBody(token) })).statusCode,
    ).toBe(200);
    await logInAs(t, form.username, NEW_PASSWORD);
  });

  it("allows 5 wrong codes, then the code is dead", async () => {
    const { phone } = await verifiedPhoneAccount();
    await call(t, "/auth/password-reset/request", { payload: { login: phone } });
    const code = codeIn(await latestMessage(t, phone));
    const wrong = code === "999999" ? "000000" : "999999";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(
        (await call(t, "/auth/password-reset/phone/verify", { payload: { phone, code: wrong } })).json()
          .message,
      );
    expect(messages.slice(0, 4).every((m) => m === "The code is not correct or has expired.")).toBe(true);
    expect(messages[4]).toBe("Too many wrong codes. Ask for a new code.");
    expect(
      (await call(t, "/auth/password-reset/phone/verify", { payload: { phone, code } })).statusCode,
    ).toBe(400);
  });

  it("refuses an expired code, an unknown number and an unverified number alike", async () => {
    const { phone } = await verifiedPhoneAccount();
    await call(t, "/auth/password-reset/request", { payload: { login: phone } });
    const code = codeIn(await latestMessage(t, phone));
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.purpose, "password_reset_code"));
    const expired = await call(t, "/auth/password-reset/phone/verify", { payload: { phone, code } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("The code is not correct or has expired.");

    const unknownPhone = newPhone();
    const unknown = await call(t, "/auth/password-reset/request", { payload: { login: unknownPhone } });
    expect(unknown.json().method).toBe("sms");
    expect(await messageCount(t, unknownPhone)).toBe(0);
    expect(
      (
        await call(t, "/auth/password-reset/phone/verify", {
          payload: { phone: unknownPhone, code: "123456" },
        })
      ).json(),
    ).toEqual(expired.json());

    const unverified = newPhone();
    await registerVerified(t, { phone: unverified });
    const before = await messageCount(t, unverified);
    await call(t, "/auth/password-reset/request", { payload: { login: unverified } });
    expect(await messageCount(t, unverified)).toBe(before);
    expect(
      (await call(t, "/auth/password-reset/phone/verify", { payload: { phone: "0770", code: "12" } })).json()
        .errors,
    ).toEqual({
      phone: ["Enter the phone number with its country code, like +44xxxxxxxxxx"],
      code: ["Enter the 6-digit code"],
    });
  });

  it("lets the holder of a reset token replace a lost email address, to be verified", async () => {
    const { form, phone } = await verifiedPhoneAccount();
    await call(t, "/auth/password-reset/request", { payload: { login: phone } });
    const { token } = (
      await call(t, "/auth/password-reset/phone/verify", {
        payload: { phone, code: codeIn(await latestMessage(t, phone)) },
      })
    ).json();
    const other = await registerVerified(t);
    const taken = await call(t, "/auth/password-reset/email/update", {
      payload: { token, email: other.email, email_confirmation: other.email },
    });
    expect(taken.json().errors.email).toEqual(["An account with this email already exists"]);
    const mismatch = await call(t, "/auth/password-reset/email/update", {
      payload: { token, email: "new@example.test", email_confirmation: "old@example.test" },
    });
    expect(mismatch.json().errors.email_confirmation).toEqual(["Email does not match"]);
    const newEmail = `new_${Date.now()}@example.test`;
    const res = await call(t, "/auth/password-reset/email/update", {
      payload: { token, email: newEmail, email_confirmation: newEmail },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `Your email address was changed. We sent a verification link to ${newEmail}.`,
    );
    expect((await userByUsername(t, form.username)).email).toBe(newEmail);
    const verify = linkParam(await latestMessage(t, newEmail), "verification_token");
    // The reset token still works for the password, and the new address verifies.
    expect(
      (await call(t, "/auth/password-reset", { method: "PUT", payload: resetBody(token) })).statusCode,
    ).toBe(200);
    expect((await call(t, "/auth/verify", { payload: { token: verify } })).statusCode).toBe(200);
    await logInAs(t, newEmail, NEW_PASSWORD);
    const bad = await call(t, "/auth/password-reset/email/update", {
      payload: { token: "D".repeat(43), email: newEmail, email_confirmation: newEmail },
    });
    expect(bad.statusCode).toBe(400);
  });
});
