import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { oneTimeTokens, userProfiles } from "../db/schema/index";
import {
  adultForm,
  bornYearsAgo,
  call,
  latestMessage,
  linkParam,
  logInAs,
  messageCount,
  newIp,
  newPhone,
  PASSWORD,
  userByUsername,
} from "./auth.testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /auth/register (adult)", () => {
  it("creates the account, mails a verification link, and lets it log in once verified", async () => {
    const form = adultForm();
    const res = await call(t, "/auth/register", { payload: form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: `Account created. We sent a verification link to ${form.email}.`,
      identity: form.email,
      username: form.username,
      requires_guardian: false,
      phone_verification: null,
    });
    const user = await userByUsername(t, form.username);
    expect(user).toMatchObject({ newsletterConsent: true, roleId: 1, languageId: 1, emailVerifiedAt: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id))).length).toBe(
      1,
    );

    const mail = await latestMessage(t, form.email);
    expect(mail.subject).toBe("Verify your email address for Aprendo");
    expect(mail.bodyText).toContain(`${t.config.publicUrl}/?verification_token=`);
    expect(mail.bodyText).toContain(`&username=${form.username}`);
    expect(mail.bodyHtml).toContain("<a href=");
    const token = linkParam(mail, "verification_token");
    expect(linkParam(mail, "username")).toBe(form.username);

    const refused = await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } });
    expect(refused.json().reason).toBe("email_unverified");
    const verified = await call(t, "/auth/verify", { payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: "Your email address is verified. You can now log in.",
      username: form.username,
    });
    // Opening the link again is not an error.
    expect((await call(t, "/auth/verify", { payload: { token } })).statusCode).toBe(200);
    await logInAs(t, form.email);
  });

  it("writes the mail in the registrant's language", async () => {
    const form = adultForm();
    const res = await call(t, "/auth/register", { payload: form, headers: { "x-language-id": "2" } });
    expect(res.json().message).toBe(`Cuenta creada. Enviamos un enlace de verificación a ${form.email}.`);
    expect((await userByUsername(t, form.username)).languageId).toBe(2);
    const mail = await latestMessage(t, form.email);
    expect(mail.subject).toBe("Verifica tu correo electrónico en Aprendo");
    expect(mail.bodyText).toContain("Hola, Ana Lopez:");
  });

  it("sends an SMS code when a phone number is given (optional step)", async () => {
    const phone = newPhone();
    const form = adultForm({ phone });
    const res = await call(t, "/auth/register", { payload: form });
    expect(res.statusCode).toBe(201);
    const step = res.json().phone_verification;
    expect(step.resend_after_seconds).toBeGreaterThan(50);
    const sms = await latestMessage(t, phone);
    expect(sms.bodyText).toMatch(/^Aprendo: your verification code is \d{6}\./);
    const code = sms.bodyText.match(/\d{6}/)![0];
    const verified = await call(t, "/auth/phone/verify", { payload: { ticket: step.ticket, code } });
    expect(verified.statusCode).toBe(200);
    // The email is not verified yet: no session.
    expect(verified.json()).toMatchObject({
      access_token: null,
      message: "Your phone number is verified. Verify your email address, then log in.",
    });
  });

  it("reports a taken username (usernames are public), and nothing about the email or phone", async () => {
    const phone = newPhone();
    const first = adultForm({ phone });
    await call(t, "/auth/register", { payload: first });
    const again = adultForm({
      username: first.username.toUpperCase(),
      email: first.email.toUpperCase(),
      email_confirmation: first.email,
      phone,
    });
    const res = await call(t, "/auth/register", { payload: again });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ username: ["This username is already taken"] });
  });

  it("keeps the names of erased accounts for them", async () => {
    const res = await call(t, "/auth/register", { payload: adultForm({ username: "Deleted-12345" }) });
    expect(res.json().errors).toEqual({ username: ["This username is already taken"] });
  });

  it("checks every field with the messages of spec section 5", async () => {
    const missing = await call(t, "/auth/register", { payload: {} });
    expect(missing.statusCode).toBe(422);
    const errors = missing.json().errors;
    for (const field of [
      "first_name",
      "last_name",
      "username",
      "email",
      "password",
      "date_of_birth",
      "terms",
    ])
      expect(errors[field], field).toBeDefined();
    expect(errors.username).toEqual(["This field is required"]);

    const bad = await call(t, "/auth/register", {
      payload: adultForm({
        username: "a b",
        email: "not-an-email",
        password: "alllowercase",
        first_name: "x".repeat(61),
        phone: "0770090",
        date_of_birth: "2001-02-30",
      }),
    });
    expect(bad.json().errors).toEqual({
      username: ["Invalid characters detected. Please try again."],
      email: ["Email is not valid"],
      email_confirmation: ["Email does not match"],
      password_confirmation: ["Passwords must be identical"],
      password: ["Use a mix of numbers, symbols, uppercase and lowercase letters"],
      first_name: ["Maximum allowed characters is 60"],
      phone: ["Enter the phone number with its country code, like +44xxxxxxxxxx"],
      date_of_birth: ["Enter a valid date"],
    });
    const short = await call(t, "/auth/register", {
      payload: adultForm({ username: "ab", password: "Aa1!", password_confirmation: "Aa1!" }),
    });
    expect(short.json().errors).toEqual({
      username: ["Minimum allowed characters is 3"],
      password: ["Minimum allowed characters is 8"],
    });
    const long = await call(t, "/auth/register", {
      payload: adultForm({
        username: "a".repeat(31),
        password: `Aa1!${"x".repeat(130)}`,
        password_confirmation: `Aa1!${"x".repeat(130)}`,
      }),
    });
    expect(long.json().errors).toEqual({
      username: ["Maximum allowed characters is 30"],
      password: ["Maximum allowed characters is 128"],
    });
  });

  it("wants the confirmations identical and the terms accepted", async () => {
    const res = await call(t, "/auth/register", {
      payload: adultForm({
        email_confirmation: "other@example.test",
        password_confirmation: "Other-Pass1",
        terms: false,
      }),
      headers: { "x-language-id": "2" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email_confirmation: ["Los correos electrónicos no coinciden"],
      password_confirmation: ["Las contraseñas deben ser idénticas"],
      terms: ["Debes aceptar los términos y condiciones"],
    });
  });

  it("refuses a date of birth in the future", async () => {
    const res = await call(t, "/auth/register", { payload: adultForm({ date_of_birth: "2999-01-01" }) });
    expect(res.json().errors.date_of_birth).toEqual(["Enter a real date of birth"]);
  });

  it("limits registrations per address (429)", async () => {
    const ip = newIp();
    let status = 0;
    for (let i = 0; i < 11; i++) status = (await call(t, "/auth/register", { ip, payload: {} })).statusCode;
    expect(status).toBe(429);
  });
});

describe("POST /auth/verify", () => {
  it("refuses an unknown, malformed or expired token", async () => {
    const unknown = await call(t, "/auth/verify", { payload: { token: "A".repeat(43) } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: "This verification link is invalid or has expired. Ask for a new one.",
    });
    expect((await call(t, "/auth/verify", { payload: {} })).json().errors.token).toEqual([
      "This field is required",
    ]);
    expect((await call(t, "/auth/verify", { payload: { token: "x".repeat(201) } })).statusCode).toBe(422);

    const form = adultForm();
    await call(t, "/auth/register", { payload: form });
    const token = linkParam(await latestMessage(t, form.email), "verification_token");
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, (await userByUsername(t, form.username)).id));
    const expired = await call(t, "/auth/verify", { payload: { token }, headers: { "x-language-id": "2" } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      "Este enlace de verificación no es válido o ha caducado. Pide uno nuevo.",
    );
  });
});

describe("POST /auth/verify/resend", () => {
  it("sends a new link at most once a minute and never tells whether the account exists", async () => {
    const form = adultForm();
    await call(t, "/auth/register", { payload: form });
    const count = await messageCount(t, form.email);
    const early = await call(t, "/auth/verify/resend", { payload: { login: form.username } });
    expect(early.statusCode).toBe(200);
    expect(await messageCount(t, form.email)).toBe(count); // the link is less than a minute old
    const user = await userByUsername(t, form.username);
    await t.deps.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await call(t, "/auth/verify/resend", { payload: { login: form.email } });
    expect(res.json()).toEqual({
      message: "If this account is waiting for verification, we have sent a new link.",
    });
    expect(await messageCount(t, form.email)).toBe(count + 1);
    // Both links work (the older one too, until it expires).
    const token = linkParam(await latestMessage(t, form.email), "verification_token");
    expect((await call(t, "/auth/verify", { payload: { token } })).statusCode).toBe(200);

    const unknown = await call(t, "/auth/verify/resend", { payload: { login: "nobody_at_all" } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    expect((await call(t, "/auth/verify/resend", { payload: { login: "a b" } })).statusCode).toBe(422);
  });

  it("limits resends per account (429)", async () => {
    let status = 0;
    for (let i = 0; i < 4; i++)
      status = (await call(t, "/auth/verify/resend", { payload: { login: "someone_limited" } })).statusCode;
    expect(status).toBe(429);
  });
});

describe("a child (under 13)", () => {
  const childForm = (overrides: Record<string, unknown> = {}) =>
    adultForm({ date_of_birth: bornYearsAgo(10), guardian_email: "", guardian_phone: "", ...overrides });

  it("must give a guardian's email (different from their own) and phone", async () => {
    const missing = await call(t, "/auth/register", { payload: childForm() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      guardian_email: ["This field is required"],
      guardian_phone: ["This field is required"],
    });
    const form = childForm();
    const same = await call(t, "/auth/register", {
      payload: { ...form, guardian_email: form.email, guardian_phone: newPhone() },
    });
    expect(same.json().errors).toEqual({
      guardian_email: ["The guardian's email must be different from your own"],
    });
    const invalid = await call(t, "/auth/register", {
      payload: { ...form, guardian_email: "nope", guardian_phone: "123" },
    });
    expect(invalid.json().errors).toEqual({
      guardian_email: ["Email is not valid"],
      guardian_phone: ["Enter the phone number with its country code, like +44xxxxxxxxxx"],
    });
  });

  it("cannot log in until the guardian has opened their link", async () => {
    const guardian = `guardian_${Date.now()}@example.test`;
    const form = childForm({ guardian_email: guardian, guardian_phone: newPhone(), first_name: "Leo" });
    const res = await call(t, "/auth/register", { payload: form });
    expect(res.statusCode).toBe(201);
    expect(res.json().requires_guardian).toBe(true);
    expect(res.json().message).toContain("Your guardian must also confirm your account");

    const guardianMail = await latestMessage(t, guardian);
    expect(guardianMail.subject).toBe("Please confirm your child's Aprendo account");
    expect(guardianMail.bodyText).toContain("Leo Lopez has created");
    const ageToken = linkParam(guardianMail, "age_verification_token");
    expect(guardianMail.bodyText).toContain(`${t.config.publicUrl}/?age_verification_token=`);

    const verified = await call(t, "/auth/verify", {
      payload: { token: linkParam(await latestMessage(t, form.email), "verification_token") },
    });
    expect(verified.json().message).toBe(
      "Your email address is verified. You can log in as soon as your guardian confirms your account.",
    );
    const refused = await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      reason: "guardian_unconfirmed",
      message:
        "Your guardian has not confirmed your account yet. Ask them to open the link we sent to their email.",
    });
    const es = await call(t, "/auth/login", {
      payload: { login: form.username, password: PASSWORD },
      headers: { "x-language-id": "2" },
    });
    expect(es.json().message).toBe(
      "Tu tutor aún no ha confirmado tu cuenta. Pídele que abra el enlace que enviamos a su correo.",
    );

    const confirmed = await call(t, "/auth/verify-age", { payload: { token: ageToken } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: "Thank you. The account is confirmed and the child can now log in.",
      username: form.username,
    });
    const { accessToken } = await logInAs(t, form.username);
    const me = await call(t, "/auth/me", {
      method: "GET",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({ is_child: true, parent_verified: true });
  });

  it("refuses an unknown or expired guardian link", async () => {
    expect((await call(t, "/auth/verify-age", { payload: { token: "B".repeat(43) } })).json()).toEqual({
      message: "This confirmation link is invalid or has expired. Ask for a new one.",
    });
    const guardian = `guardian_x${Date.now()}@example.test`;
    const form = childForm({ guardian_email: guardian, guardian_phone: newPhone() });
    await call(t, "/auth/register", { payload: form });
    const token = linkParam(await latestMessage(t, guardian), "age_verification_token");
    await t.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.purpose, "age_verification"));
    expect((await call(t, "/auth/verify-age", { payload: { token } })).statusCode).toBe(400);
  });

  it("can have the guardian's link sent again, throttled, without revealing anything", async () => {
    const guardian = `guardian_r${Date.now()}@example.test`;
    const form = childForm({ guardian_email: guardian, guardian_phone: newPhone() });
    await call(t, "/auth/register", { payload: form });
    const count = await messageCount(t, guardian);
    await call(t, "/auth/verify/parent/resend", { payload: { login: form.username } });
    expect(await messageCount(t, guardian)).toBe(count); // less than a minute since the last one
    await t.deps.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeTokens.userId, (await userByUsername(t, form.username)).id));
    const res = await call(t, "/auth/verify/parent/resend", { payload: { login: form.email } });
    expect(res.json()).toEqual({
      message: "If this account is waiting for its guardian, we have sent a new link to the guardian.",
    });
    expect(await messageCount(t, guardian)).toBe(count + 1);
    const unknown = await call(t, "/auth/verify/parent/resend", {
      payload: { login: "nobody@example.test" },
    });
    expect(unknown.json()).toEqual(res.json());
  });
});

describe("a guardian registering a child", () => {
  it("needs the child's names and the guardian's phone", async () => {
    const res = await call(t, "/auth/register", {
      payload: adultForm({ registered_by: "guardian", date_of_birth: bornYearsAgo(8) }),
    });
    expect(res.json().errors).toEqual({
      child_first_name: ["This field is required"],
      child_last_name: ["This field is required"],
      phone: ["This field is required"],
    });
  });

  it("confirms the child's account with one link to the guardian's address", async () => {
    const guardianPhone = newPhone();
    const form = adultForm({
      registered_by: "guardian",
      first_name: "Maria",
      last_name: "Garcia",
      child_first_name: "Leo",
      child_last_name: "Garcia",
      date_of_birth: bornYearsAgo(8),
      phone: guardianPhone,
    });
    const res = await call(t, "/auth/register", { payload: form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      identity: form.email,
      requires_guardian: true,
      phone_verification: null,
    });
    const user = await userByUsername(t, form.username);
    expect(user).toMatchObject({
      firstName: "Leo",
      lastName: "Garcia",
      email: null,
      phone: null,
      guardianEmail: form.email,
      guardianPhone,
    });
    const mail = await latestMessage(t, form.email);
    expect(mail.subject).toBe("Activate the Aprendo account you created for Leo Garcia");
    expect(mail.bodyText).toContain("Hello Maria,");
    const refused = await call(t, "/auth/login", { payload: { login: form.username, password: PASSWORD } });
    expect(refused.json().reason).toBe("guardian_unconfirmed");
    const token = linkParam(mail, "age_verification_token");
    expect((await call(t, "/auth/verify-age", { payload: { token } })).statusCode).toBe(200);
    const { accessToken } = await logInAs(t, form.username);
    const me = await call(t, "/auth/me", {
      method: "GET",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({
      name: "Leo_Garcia",
      email: null,
      is_child: true,
      parent_verified: true,
    });
  });
});
