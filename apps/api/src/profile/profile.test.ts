import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const complete = (email: string, username: string) => ({
  username,
  first_name: "Ana",
  last_name: "García",
  date_of_birth: "1995-03-04",
  gender: "female",
  email,
  phone: "",
  address: "1 High Street",
  city: "London",
  country: "GB",
  postal_code: "SW1A 1AA",
  occupation: "engineering",
  facebook_url: "https://facebook.com/ana",
  linkedin_url: "",
});

async function lastMessageTo(to: string) {
  const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json().data as Array<{ body_text: string }>)[0];
}

describe("profile info", () => {
  it("shows every field and what is missing for certificates", async () => {
    const me = await buildLearner(t);
    const res = await t.app.inject({ url: "/api/iu/profile", headers: me.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const field of [
      "gender",
      "occupation",
      "address",
      "city",
      "country",
      "postal_code",
      "twitter_url",
      "last_active",
      "photo",
      "identity",
      "language_id",
    ])
      expect(body).toHaveProperty(field);
    expect(body.missing).toEqual(["profile", "photo", "identity"]);
  });

  it("validates lengths, URLs, phone, gender and occupation", async () => {
    const me = await buildLearner(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/iu/profile",
      headers: me.auth,
      payload: {
        ...complete(me.email, me.username),
        gender: "x",
        occupation: "astronaut",
        city: "L",
        twitter_url: "not a url",
        phone: "0123",
      },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(["city", "gender", "occupation", "phone", "twitter_url"]);
    expect(errors.twitter_url[0]).toMatch(/valid/i);
  });

  it("saves the profile, and a new email replaces the old one only once its code is confirmed", async () => {
    const me = await buildLearner(t);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/iu/profile",
      headers: me.auth,
      payload: complete(me.email, me.username),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.missing).toEqual(["photo", "identity"]);

    const fresh = `new_${me.username}@example.test`;
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/iu/profile",
      headers: me.auth,
      payload: complete(fresh, me.username),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profile.email).toBe(me.email);
    expect(changed.json().profile.pending_email).toBe(fresh);
    const mail = await lastMessageTo(fresh);
    const code = /\b(\d{6})\b/.exec(mail?.body_text ?? "")?.[1];
    expect(code).toBeDefined();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/iu/profile/contact/confirm",
      headers: me.auth,
      payload: { kind: "email", code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/iu/profile/contact/confirm",
      headers: me.auth,
      payload: { kind: "email", code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({ email: fresh, pending_email: null });
  });

  it("refuses a username taken by someone else", async () => {
    const me = await buildLearner(t);
    const other = await buildLearner(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/iu/profile",
      headers: me.auth,
      payload: complete(me.email, other.username),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.username).toEqual(["This username is already taken"]);
  });
});
