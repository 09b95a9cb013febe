import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { oneTimeTokens, users } from "../db/schema/index";
import {
  call,
  codeIn,
  latestMessage,
  logInAs,
  messageCount,
  newIp,
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

describe("POST /auth/login", () => {
  it("logs in by username, email (any case) and phone number with country code", async () => {
    const phone = newPhone();
    const form = await registerVerified(t);
    await t.deps.db
      .update(users)
      .set({ phone, phoneVerifiedAt: new Date() })
      .where(eq(users.username, form.username));
    for (const login of [form.username, form.username.toUpperCase(), form.email.toUpperCase(), phone]) {
      const res = await call(t, "/auth/login", { payload: { login, password: PASSWORD } });
      expect(res.statusCode, login).toBe(200);
      expect(res.json()).toMatchObject({ token_type: "Bearer", expires_in: 900 });
      expect(res.json().access_token).toMatch(/^ey/);
    }
  });

  it("sets the refresh token as an httpOnly, SameSite=Lax cookie on /api/auth", async () => {
    const form = await registerVerified(t);
    const { response } = await logInAs(t, form.username);
    const cookie = response.cookies.find((c) => c.name === "refresh_token");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth" });
    expect(cookie?.secure).toBeFalsy(); // http publicUrl in tests
    expect(cookie?.value.length).toBeGreaterThan(30);
  });

  it("refuses a malformed identifier with a field error", async () => {
    for (const login of ["a b", "+12", "x@", "ab", "user!name"]) {
      const res = await call(t, "/auth/login", { payload: { login, password: "whatever" } });
      expect(res.statusCode, login).toBe(422);
      expect(res.json().errors.login).toEqual([
        "Enter a valid username, email or phone number (with country code)",
      ]);
    }
  });

  it("says which fields are missing or too long", async () => {
    const missing = await call(t, "/auth/login", { payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      login: ["This field is required"],
      password: ["This field is required"],
    });
    const long = await call(t, "/auth/login", { payload: { login: "ana", password: "x".repeat(129) } });
    expect(long.json().errors.password).toEqual(["Maximum allowed characters is 128"]);
  });

  it("answers the same for a wrong password and an unknown account", async () => {
    const learner = await buildLearner(t);
    const wrong = await call(t, "/auth/login", {
      payload: { login: learner.username, password: "Wrong-Pass1" },
    });
    const unknown = await call(t, "/auth/login", {
      payload: { login: "nobody_here", password: "Wrong-Pass1" },
    });
    const unknownEmail = await call(t, "/auth/login", {
      payload: { login: "nobody@example.test", password: "Wrong-Pass1" },
    });
    for (const res of [wrong, unknown, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid login credentials" });
    }
  });

  it("takes about as long for an unknown account as for a wrong password (a real hash check)", async () => {
    const learner = await buildLearner(t);
    const time = async (login: string) => {
      const start = performance.now();
      await call(t, "/auth/login", { payload: { login, password: "Wrong-Pass1" } });
      return performance.now() - start;
    };
    await time("warm_up_user");
    // The fastest of several tries filters out a busy machine's pauses.
    const fastest = async (logins: string[]) => {
      let best = Number.POSITIVE_INFINITY;
      for (const login of logins) best = Math.min(best, await time(login));
      return best;
    };
    const known = await fastest(Array.from({ length: 5 }, () => learner.username));
    const unknown = await fastest(Array.from({ length: 5 }, (_, i) => `nobody_at_all_${i}`));
    // Both pay for one Argon2id verification (m=19 MiB, t=2), tens of milliseconds; skipping it would
    // answer in about a millisecond, an order of magnitude faster.
    expect(unknown).toBeGreaterThan(known / 10);
    expect(known).toBeGreaterThan(unknown / 10);
  });

  it("answers in Spanish with X-Language-Id: 2", async () => {
    const res = await call(t, "/auth/login", {
      payload: { login: "nobody_here", password: "Wrong-Pass1" },
      headers: { "x-language-id": "2" },
    });
    expect(res.json().message).toBe("Credenciales de inicio de sesión no válidas");
    const malformed = await call(t, "/auth/login", {
      payload: { login: "a b", password: "x" },
      headers: { "x-language-id": "2" },
    });
    expect(malformed.json().errors.login[0]).toContain("Introduce un nombre de usuario");
  });

  it("asks an unverified account to verify its email first, only once the password is right", async () => {
    const learner = await buildLearner(t, { verified: false });
    const wrong = await call(t, "/auth/login", {
      payload: { login: learner.username, password: "Wrong-Pass1" },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await call(t, "/auth/login", {
      payload: { login: learner.username, password: learner.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      reason: "email_unverified",
      message: "Please verify your email address first: open the link we sent you, or ask for a new one.",
    });
  });

  it("refuses a disabled account with a clear message", async () => {
    const learner = await buildLearner(t, { overrides: { status: "disabled" } });
    const res = await call(t, "/auth/login", {
      payload: { login: learner.username, password: learner.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe("disabled");
  });

  it("limits failed logins per account identifier (429), whatever the address", async () => {
    const learner = await buildLearner(t);
    for (let i = 0; i < 10; i++) {
      const res = await call(t, "/auth/login", {
        payload: { login: learner.username, password: "Wrong-Pass1" },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call(t, "/auth/login", {
      payload: { login: learner.username.toUpperCase(), password: learner.password },
      headers: { "x-language-id": "2" },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Demasiados intentos\. Espera \d+ segundos/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await buildLearner(t);
    expect(
      (await call(t, "/auth/login", { payload: { login: other.username, password: other.password } }))
        .statusCode,
    ).toBe(200);
  });

  it("limits login attempts per address (429)", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call(t, "/auth/login", { ip, payload: { login: `someone${i}`, password: "x" } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("the SMS-code step of an unverified phone", () => {
  async function accountWithUnverifiedPhone() {
    const phone = newPhone();
    const form = await registerVerified(t, { phone });
    return { form, phone };
  }

  it("completes the login with the code sent by SMS", async () => {
    const { form, phone } = await accountWithUnverifiedPhone();
    const before = await messageCount(t, phone);
    const res = await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty("access_token");
    expect(body.phone_verification_required).toBe(true);
    expect(body.phone_verification.phone).toBe(
      `${phone.slice(0, 3)}${"*".repeat(phone.length - 6)}${phone.slice(-3)}`,
    );
    expect(body.phone_verification.resend_after_seconds).toBeGreaterThan(0);
    // The code of the registration (less than 60 s old) is carried on: no second SMS.
    expect(await messageCount(t, phone)).toBe(before);
    const code = codeIn(await latestMessage(t, phone));

    const verified = await call(t, "/auth/phone/verify", {
      payload: { ticket: body.phone_verification.ticket, code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: "Your phone number is verified.",
      token_type: "Bearer",
    });
    expect(verified.json().access_token).toMatch(/^ey/);
    expect(verified.cookies.some((c) => c.name === "refresh_token")).toBe(true);
    expect((await userByUsername(t, form.username)).phoneVerifiedAt).not.toBeNull();
    // The ticket is single-use.
    const again = await call(t, "/auth/phone/verify", {
      payload: { ticket: body.phone_verification.ticket, code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This step has expired. Please start again.");
    // Next login needs no code.
    await logInAs(t, form.username);
  });

  it("refuses a wrong code, then stops after 5 wrong codes until a new one is sent", async () => {
    const { form, phone } = await accountWithUnverifiedPhone();
    const { ticket } = (
      await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } })
    ).json().phone_verification;
    const code = codeIn(await latestMessage(t, phone));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 5; i++) {
      const res = await call(t, "/auth/phone/verify", { payload: { ticket, code: wrong } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        i < 5 ? "The code is not correct or has expired." : "Too many wrong codes. Ask for a new code.",
      );
    }
    const right = await call(t, "/auth/phone/verify", { payload: { ticket, code } });
    expect(right.json().message).toBe("Too many wrong codes. Ask for a new code.");
    // A new code (once the 60 s wait is over) works.
    await t.deps.db
      .update(oneTimeTokens)
      .set({ meta: { ...(await ticketMeta(form.username)), codeSentAt: Date.now() - 61_000 } })
      .where(eq(oneTimeTokens.purpose, "phone_verification"));
    const resent = await call(t, "/auth/phone/verify/resend", { payload: { ticket } });
    expect(resent.statusCode).toBe(200);
    const fresh = codeIn(await latestMessage(t, phone));
    expect((await call(t, "/auth/phone/verify", { payload: { ticket, code: fresh } })).statusCode).toBe(200);
  });

  async function ticketMeta(username: string) {
    const user = await userByUsername(t, username);
    const rows = await t.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    return rows.filter((r) => r.purpose === "phone_verification" && r.usedAt === null).at(-1)?.meta as Record<
      string,
      unknown
    >;
  }

  it("lets a new code be asked for only 60 s after the last one", async () => {
    const { form } = await accountWithUnverifiedPhone();
    const { ticket } = (
      await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } })
    ).json().phone_verification;
    const early = await call(t, "/auth/phone/verify/resend", {
      payload: { ticket },
      headers: { "x-language-id": "2" },
    });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Espera \d+ segundos antes de pedir un código nuevo\.$/);
  });

  it("refuses an expired code", async () => {
    const { form, phone } = await accountWithUnverifiedPhone();
    const { ticket } = (
      await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } })
    ).json().phone_verification;
    const code = codeIn(await latestMessage(t, phone));
    const user = await userByUsername(t, form.username);
    const meta = await ticketMeta(form.username);
    await t.deps.db
      .update(oneTimeTokens)
      .set({ meta: { ...meta, codeExpiresAt: Date.now() - 1 } })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await call(t, "/auth/phone/verify", { payload: { ticket, code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The code is not correct or has expired.");
  });

  it("refuses an unknown or expired ticket and a malformed code", async () => {
    const unknown = await call(t, "/auth/phone/verify", {
      payload: { ticket: "x".repeat(43), code: "123456" },
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await call(t, "/auth/phone/verify", { payload: { ticket: "abc", code: "12a" } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toEqual(["Enter the 6-digit code"]);
    const badTicket = await call(t, "/auth/phone/verify", { payload: { ticket: "a b<", code: "123456" } });
    expect(badTicket.json().errors.ticket).toEqual(["Invalid characters detected. Please try again."]);

    const { form } = await accountWithUnverifiedPhone();
    const { ticket } = (
      await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } })
    ).json().phone_verification;
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, "phone_verification"));
    const expired = await call(t, "/auth/phone/verify", { payload: { ticket, code: "123456" } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("This step has expired. Please start again.");
  });

  it("changes the number: the code goes to the new one, which becomes the account's", async () => {
    const { form } = await accountWithUnverifiedPhone();
    const { ticket } = (
      await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } })
    ).json().phone_verification;
    const taken = await registerVerified(t, { phone: newPhone() });
    const takenPhone = (await userByUsername(t, taken.username)).phone as string;
    const refused = await call(t, "/auth/phone/update", { payload: { ticket, phone: takenPhone } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.phone).toEqual(["An account with this phone number already exists"]);
    const malformed = await call(t, "/auth/phone/update", { payload: { ticket, phone: "07700" } });
    expect(malformed.statusCode).toBe(422);

    const newNumber = newPhone();
    const res = await call(t, "/auth/phone/update", {
      payload: { ticket, phone: `${newNumber.slice(0, 3)} ${newNumber.slice(3)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone_verification.phone.endsWith(newNumber.slice(-3))).toBe(true);
    const code = codeIn(await latestMessage(t, newNumber));
    const verified = await call(t, "/auth/phone/verify", { payload: { ticket, code } });
    expect(verified.statusCode).toBe(200);
    expect((await userByUsername(t, form.username)).phone).toBe(newNumber);
  });

  it("limits code attempts per address (429)", async () => {
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await call(t, "/auth/phone/verify", { ip, payload: { ticket: "unknown", code: "123456" } }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe("an account pending deletion", () => {
  it("is refused with a message pointing to the restore link, which is mailed again", async () => {
    const form = await registerVerified(t);
    const { accessToken } = await logInAs(t, form.username);
    const deleted = await call(t, "/iu/me", {
      method: "DELETE",
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { feedback: "Moving to another platform", username: form.username },
    });
    expect(deleted.statusCode).toBe(200);
    // A link is sent at deletion; a login 10 minutes later reminds with a new one.
    await t.deps.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(oneTimeTokens.purpose, "account_restore"));
    const before = await messageCount(t, form.email);
    const res = await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      reason: "pending_deletion",
      message:
        "This account is scheduled for deletion. Open the restore link we sent to your email to keep it.",
    });
    expect(await messageCount(t, form.email)).toBe(before + 1);
    expect((await latestMessage(t, form.email)).bodyText).toContain("/restore-account/");
  });
});
