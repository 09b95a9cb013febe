/** Helpers for the auth and account API tests: calls from distinct addresses, the outbox, links. */
import { desc, eq } from "drizzle-orm";
import type { TestApp } from "../../test/test-app";
import { outbox, users } from "../db/schema/index";

let address = 0;
/** A fresh client address, so route rate limits (per IP) do not leak between tests. */
export function newIp(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

type CallOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  payload?: unknown;
  headers?: Record<string, string>;
  ip?: string;
  cookie?: string;
};

export function call(t: TestApp, url: string, options: CallOptions = {}) {
  return t.app.inject({
    method: options.method ?? "POST",
    url: `/api${url}`,
    headers: {
      "x-forwarded-for": options.ip ?? newIp(),
      ...(options.cookie ? { cookie: `refresh_token=${options.cookie}` } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

export type SentMessage = { subject: string; bodyText: string; bodyHtml: string | null; createdAt: Date };

/** The newest mail or SMS to `to`. */
export async function latestMessage(t: TestApp, to: string): Promise<SentMessage> {
  const [row] = await t.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no message to ${to}`);
  return row;
}

export async function messageCount(t: TestApp, to: string): Promise<number> {
  return (await t.deps.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, to))).length;
}

/** A query parameter of the first link in a message (e.g. verification_token). */
export function linkParam(message: SentMessage, name: string): string {
  const link = message.bodyText.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no link in message");
  const value = new URL(link).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${link}`);
  return value;
}

/** The last path segment of the first link (e.g. /reset-password/{token}). */
export function linkPathToken(message: SentMessage, prefix: string): string {
  const link = message.bodyText.match(/https?:\/\/\S+/)?.[0] ?? "";
  const path = new URL(link).pathname;
  if (!path.startsWith(prefix)) throw new Error(`link ${path} is not under ${prefix}`);
  return decodeURIComponent(path.slice(prefix.length));
}

export function codeIn(message: SentMessage): string {
  const code = message.bodyText.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("no code in message");
  return code;
}

export const PASSWORD = "Strong-Pass1";
let sequence = 0;

/** A complete adult registration; `overrides` change fields. */
export function adultForm(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const username = `learner${sequence}_${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@example.test`;
  return {
    first_name: "Ana",
    last_name: "Lopez",
    username,
    email,
    email_confirmation: email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    date_of_birth: "1995-03-14",
    newsletter: true,
    terms: true,
    ...overrides,
  };
}

/** A date of birth that makes someone `years` old today. */
export function bornYearsAgo(years: number): string {
  const d = new Date();
  return `${d.getUTCFullYear() - years}-01-01`;
}

let phoneSequence = 100_000;
export function newPhone(): string {
  phoneSequence += 1;
  return `+44770${String(phoneSequence).padStart(7, "0")}`;
}

/** Registers and verifies an adult through the API; returns the form used. */
export async function registerVerified(t: TestApp, overrides: Record<string, unknown> = {}) {
  const form = adultForm(overrides);
  const res = await call(t, "/auth/register", { payload: form });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const token = linkParam(await latestMessage(t, form.email), "verification_token");
  const verified = await call(t, "/auth/verify", { payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return form;
}

/** Logs in and returns the access token and the refresh cookie. */
export async function logInAs(t: TestApp, login: string, password = PASSWORD) {
  const res = await call(t, "/auth/login", { payload: { login, password } });
  if (res.statusCode !== 200 || !res.json().access_token) throw new Error(`login failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "refresh_token");
  return { accessToken: res.json().access_token as string, refresh: cookie?.value ?? "", response: res };
}

export async function userByUsername(t: TestApp, username: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}
