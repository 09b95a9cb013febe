/** Logging in and starting pages for browser tests, shared by every spec. */
import { expect, type Page } from "@playwright/test";
import { latestMessage, linkIn, saveScreenshot } from "./helpers";

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/** The seeded demo accounts (apps/api/src/seed/demo-accounts.ts). */
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

/** An access token from POST /api/auth/login. */
export async function tokenFor(page: Page, login: string, secret: string): Promise<string> {
  const res = await page.request.post("/api/auth/login", { data: { login, password: secret } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** Starts the page logged in (token stored before the app runs, cookie notice accepted), with a language and theme. */
export async function startAs(page: Page, token: string, prefs: Prefs = {}) {
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

/** Logs a demo account in through the API and starts the page with its session; returns the token. */
export async function logIn(page: Page, username: DemoAccount, prefs: Prefs = {}): Promise<string> {
  const token = await tokenFor(page, username, demoPasswords[username]);
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

/** Desktop and phone screenshots of the current page, scrolled to the top. */
export async function shootBoth(page: Page, name: string, settleMs = 200) {
  // A full-page shot of a scrolled page would paint the sticky top bar in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(desktop);
  await page.waitForTimeout(settleMs);
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(phone);
  await page.waitForTimeout(settleMs);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
}
