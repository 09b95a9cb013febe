/**
 * Registration answers the same whether or not the email (or phone number)
 * already has an account; no account is made then, and the owner is told by mail (or SMS).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { users } from "../db/schema/index";
import { adultForm, call, latestMessage, messageCount, newPhone, registerVerified } from "./auth.testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The answer with what the registrant typed (address, username) and the random ticket taken out. */
function shapeOf(
  res: { statusCode: number; json: () => Record<string, unknown> },
  form: { email: string; username: string },
) {
  const body = res.json() as Record<string, unknown> & {
    phone_verification?: Record<string, unknown> | null;
  };
  return {
    status: res.statusCode,
    body: {
      ...body,
      message: String(body.message).replace(form.email, "<email>"),
      identity: body.identity === form.email ? "<email>" : body.identity,
      username: body.username === form.username ? "<username>" : body.username,
      phone_verification: body.phone_verification
        ? { ...body.phone_verification, ticket: typeof body.phone_verification.ticket, phone: "<masked>" }
        : body.phone_verification,
    },
  };
}

const accountsNamed = async (username: string) =>
  (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, username))).length;

describe("registration with an address or number that already has an account", () => {
  it("answers exactly as a new registration does, makes no account, and mails the owner", async () => {
    const owner = await registerVerified(t);
    const fresh = adultForm();
    const genuine = await call(t, "/auth/register", { payload: fresh });
    const probe = adultForm({ email: owner.email, email_confirmation: owner.email });
    const before = await messageCount(t, owner.email);
    const answered = await call(t, "/auth/register", { payload: probe });
    expect(shapeOf(answered, probe)).toEqual(shapeOf(genuine, fresh));
    expect(answered.statusCode).toBe(201);
    expect(answered.json().message).toBe(`Account created. We sent a verification link to ${owner.email}.`);
    expect(JSON.stringify(answered.json())).not.toMatch(/exists|taken/i);
    expect(await accountsNamed(probe.username)).toBe(0);
    expect(await messageCount(t, owner.email)).toBe(before + 1);
    const notice = await latestMessage(t, owner.email);
    expect(notice.subject).toBe("Someone tried to register with your Aprendo address");
    expect(notice.bodyText).toContain("No new account was created");
    expect(notice.bodyText).toContain(`${t.config.publicUrl}/reset-password`);
  });

  it("tells a Spanish-speaking owner in Spanish", async () => {
    const owner = await registerVerified(t);
    await t.deps.db.update(users).set({ languageId: 2 }).where(eq(users.username, owner.username));
    await call(t, "/auth/register", {
      payload: adultForm({ email: owner.email.toUpperCase(), email_confirmation: owner.email.toUpperCase() }),
    });
    const notice = await latestMessage(t, owner.email);
    expect(notice.subject).toBe("Alguien intentó registrarse con tu dirección de Aprendo");
    expect(notice.bodyText).toContain("No se ha creado ninguna cuenta");
  });

  it("a taken phone number: the same answer with its SMS step, no account, and an SMS to the number's owner", async () => {
    const phone = newPhone();
    const owner = await registerVerified(t, { phone });
    const fresh = adultForm({ phone: newPhone() });
    const genuine = await call(t, "/auth/register", { payload: fresh });
    const probe = adultForm({ phone });
    const answered = await call(t, "/auth/register", { payload: probe });
    expect(shapeOf(answered, probe)).toEqual(shapeOf(genuine, fresh));
    expect(answered.json().phone_verification.phone).toBe(
      `${phone.slice(0, 3)}${"*".repeat(phone.length - 6)}${phone.slice(-3)}`,
    );
    expect(await accountsNamed(probe.username)).toBe(0);
    expect(await messageCount(t, probe.email)).toBe(0);
    const sms = await latestMessage(t, phone);
    expect(sms.bodyText).toBe(
      "Aprendo: someone tried to create an account with this phone number, which already has one. No account was created. If it was you, log in or reset your password.",
    );
    expect(owner.username).not.toBe(probe.username);
  });
});
