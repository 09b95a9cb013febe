/**
 * Logging in and starting pages for browser tests, shared by every spec. The demo accounts are
 * logged in once per run (global-setup.ts, before the template database is cloned, so each
 * session exists in every worker's database); specs start pages with those saved sessions and
 * never send a demo password themselves.
 */
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { latestMessage, linkIn, saveScreenshot } from "./helpers";
import { holdWhileLeavingKeptPages } from "./kept-pages";

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/** The seeded demo accounts (apps/api/src/seed/demo-accounts.ts): logged in by the global setup only. */
export const demoPasswords = {
  ana: "Learner-Pass1",
  leo: "Child-Pass1",
  admin: "Admin-Pass1",
  support: "Support-Pass1",
  head: "Head-Pass1",
  master: "Master-Pass1",
} as const;
export type DemoAccount = keyof typeof demoPasswords;

export type Prefs = { locale?: string; theme?: string };

/** A demo account's session made by the global setup (the refresh token is this worker's to rotate). */
export type SavedSession = { accessToken: string; refreshToken: string; issuedAt: number };

// Access tokens live 15 minutes; one older than this is swapped through /api/auth/refresh first, so
// a long run (one worker, a slow machine) never hands a page a token that expires during a test.
const REFRESH_AFTER_MS = 10 * 60_000;

let serverUrl: string | undefined;
let sessions: Record<DemoAccount, SavedSession> | undefined;

/** Called by the worker fixture (fixtures.ts) with this worker's server. */
export function useServer(url: string) {
  serverUrl = url;
}

/**
 * The access token of a demo account's saved session. Every test of a worker shares it, so a test
 * that ends a session (logout, password change) uses `freshLogIn` instead.
 */
export async function roleToken(role: DemoAccount): Promise<string> {
  sessions ??= JSON.parse(readFileSync(process.env.E2E_SESSIONS ?? "", "utf8")) as Record<
    DemoAccount,
    SavedSession
  >;
  const saved = sessions[role];
  if (Date.now() - saved.issuedAt < REFRESH_AFTER_MS) return saved.accessToken;
  // Rotating the refresh token happens in this worker's database only: the other workers' clones
  // still hold the original token, unrotated.
  const res = await fetch(`${serverUrl}/api/auth/refresh`, {
    method: "POST",
    headers: { cookie: `refresh_token=${saved.refreshToken}` },
  });
  expect(res.status, `refreshing the session of ${role}: ${await res.clone().text()}`).toBe(200);
  const refresh = res.headers
    .getSetCookie()
    .map((cookie) => /^refresh_token=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  sessions[role] = {
    accessToken: ((await res.json()) as { access_token: string }).access_token,
    refreshToken: refresh ?? saved.refreshToken,
    issuedAt: Date.now(),
  };
  return sessions[role].accessToken;
}

/** An access token from POST /api/auth/login (for accounts a test created itself). */
export async function tokenFor(page: Page, login: string, secret: string): Promise<string> {
  const res = await page.request.post("/api/auth/login", { data: { login, password: secret } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** Starts the page logged in (token stored before the app runs, cookie notice accepted), with a language and theme. */
export async function startAs(page: Page, token: string, prefs: Prefs = {}) {
  // A second user's page, opened by the test itself, holds its actions as the test's own page does.
  await holdWhileLeavingKeptPages(page);
  await page.addInitScript(
    ({ token, prefs }) => {
      if (sessionStorage.getItem("e2e-init")) return;
      sessionStorage.setItem("e2e-init", "1");
      localStorage.setItem("token", token);
      localStorage.setItem("cookieConsent", "accepted");
      localStorage.setItem("locale", prefs.locale ?? "en");
      localStorage.setItem("theme", prefs.theme ?? "day-mode");
    },
    { token, prefs },
  );
}

/**
 * The open page changes hands: its next load starts signed in with `token`, as if the next person had
 * signed in on this browser (the app reads the stored session once, at start). What the page's
 * previous account left in storage goes; the device's choices (cookie consent, language, theme) stay.
 */
export async function handOver(page: Page, token: string) {
  await page.evaluate((next) => {
    const kept = ["cookieConsent", "locale", "theme"].map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
    localStorage.setItem("token", next);
  }, token);
}

/** Starts the page with a demo account's saved session; returns its token. */
export async function logIn(page: Page, role: DemoAccount, prefs: Prefs = {}): Promise<string> {
  const token = await roleToken(role);
  await startAs(page, token, prefs);
  return token;
}

/** Starts the page with a new session of its own, for a test that ends it (logging out). */
export async function freshLogIn(page: Page, role: DemoAccount, prefs: Prefs = {}): Promise<string> {
  const token = await tokenFor(page, role, demoPasswords[role]);
  await startAs(page, token, prefs);
  return token;
}

/** Registers and verifies a brand-new adult learner through the API (the accounts tests cover the forms). */
export async function newLearner(page: Page, password = "Learn-2024!ok") {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const person = { username: `learner_${id}`.slice(0, 30), email: `learner.${id}@example.com`, password };
  const res = await page.request.post("/api/auth/register", {
    data: {
      first_name: "Lucía",
      last_name: "Gómez",
      username: person.username,
      email: person.email,
      email_confirmation: person.email,
      password,
      password_confirmation: password,
      date_of_birth: "1992-03-14",
      terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(linkIn(await latestMessage(page, person.email))).searchParams.get(
    "verification_token",
  );
  expect((await page.request.post("/api/auth/verify", { data: { token } })).ok()).toBe(true);
  return person;
}

/**
 * The current page at desktop and phone width, scrolled to the top: each checked for sideways scroll
 * and untranslated keys, and saved as a picture under `npm run test:visual`.
 */
export async function shootBoth(page: Page, name: string) {
  // A full-page shot of a scrolled page would paint the sticky top bar in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(desktop);
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(phone);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
}
