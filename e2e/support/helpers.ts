/**
 * Helpers for browser tests: what a user notices at a glance (sideways scroll, untranslated keys),
 * the accessibility check, screenshots (written only by `npm run test:visual`), outbox reading.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const screenshotDir = path.resolve(import.meta.dirname, "..", "screenshots");
/** `npm run test:visual` sets this; the gating run checks the page instead of writing pictures. */
export const writeScreenshots = process.env.E2E_SCREENSHOTS === "on";

/**
 * The languages and themes a page's "looks finished" test runs in. The gating run takes each
 * language once (its keys, its longer words: what overflows) and each theme once (axe's contrast):
 * English by day and Spanish at night; the other two pairs would check the same things again.
 * `npm run test:visual` takes all four, for the pictures.
 */
export const looks: ReadonlyArray<{ locale: "en" | "es"; theme: "day-mode" | "night-mode" }> = [
  { locale: "en", theme: "day-mode" },
  { locale: "es", theme: "night-mode" },
  ...(writeScreenshots
    ? ([
        { locale: "es", theme: "day-mode" },
        { locale: "en", theme: "night-mode" },
      ] as const)
    : []),
];

/**
 * Waits until the page's finite animations are over (a toast or dialog fading in, a panel sliding):
 * endless ones (spinners, skeletons) never settle and are left alone.
 */
export async function waitForAnimations(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/** Text nodes that look like message keys (`shell.titles.dashboard`), not like addresses or file names. */
export async function keyLookingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // A key's first part is a plain lowercase namespace (`courses`, `shell`), each part a short word:
    // a token shown on a page (`pi_sandbox_eyJ...`) is not a key.
    const key = /^[a-z][a-zA-Z]{0,30}(\.[a-zA-Z][a-zA-Z0-9_]{0,40})+$/;
    // Domains and file names (`bad.csv`, `receipt.pdf`) look like keys but are what the user typed or chose.
    const domain = /\.(com|org|net|es|io|dev|test|local|pdf|png|jpg|jpeg|webp|mp4|csv|txt|app)$/i;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? "").trim();
      const parent = n.parentElement;
      if (!parent || parent.closest("script,style,code,pre,[contenteditable]")) continue;
      for (const word of text.split(/\s+/)) {
        const w = word.replace(/[,:;!?()"']+$/g, "");
        if (key.test(w) && !domain.test(w)) found.push(w);
      }
    }
    return found;
  });
}

/**
 * What a user sees at once on the current page at its current width: no sideways scroll and no
 * untranslated message key. Fails naming the page; `label` says which page and width.
 */
export async function expectLooksFinished(page: Page, label: string) {
  await waitForAnimations(page);
  // Polled: a page still loading (a translation file, an image) may show a key or overflow for a
  // moment; what stays is what fails.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const overflow = document.documentElement.scrollWidth - window.innerWidth;
          return overflow > 0 ? `the page scrolls sideways by ${overflow}px` : "";
        }),
      { message: label },
    )
    .toBe("");
  await expect
    .poll(() => keyLookingTexts(page), { message: `${label}: untranslated message keys` })
    .toEqual([]);
}

/**
 * Checks the current page as a user would glance at it (expectLooksFinished) and, under
 * `npm run test:visual`, saves a full-page screenshot as e2e/screenshots/<name>.png.
 */
export async function saveScreenshot(page: Page, name: string) {
  await expectLooksFinished(page, name);
  if (!writeScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Fails with the list of axe violations (WCAG 2.0, 2.1 and 2.2 A and AA, e.g. 2.5.8 target size,
 * and heading order) on the current page.
 */
export async function expectNoAccessibilityViolations(page: Page) {
  // A toast or dialog still fading in is half transparent: axe would measure its colours mid-way
  // and report a contrast it never has once shown. Check the page as it settles.
  await waitForAnimations(page).catch((error: Error) => {
    // Still moving after 5 s: scanned as it is, and the report says so.
    test.info().annotations.push({ type: "still animating", description: `${page.url()}: ${error.message}` });
  });
  // Headings in order (WCAG 1.3.1's best practice, not in the tags) added to WCAG 2.0-2.2 A and AA.
  // Only the violations in full: the passing and undecided checks' nodes (thousands on a long list)
  // were serialised out of the page and back for nothing. Every rule still runs.
  const options = {
    rules: { "heading-order": { enabled: true } },
    resultTypes: ["violations" as const],
    runOnly: { type: "tag" as const, values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  };
  // axe.run in the page (and its same-origin frames, e.g. the card form), as the legacy mode of
  // @axe-core/playwright runs it. That mode sends axe's 650 kB source into every frame twice per
  // scan; a walk of pages inside the app keeps one document, so once axe is in every frame it is
  // run directly: re-sending and re-starting axe cost more than most scans did.
  type InPage = { axe?: { run: (context: Document, o: typeof options) => Promise<Results> } };
  type Results = Awaited<ReturnType<AxeBuilder["analyze"]>>;
  const everyFrameHasAxe = (
    await Promise.all(
      page
        .frames()
        // A frame that went away meanwhile is not scanned either way.
        .map((f) => f.evaluate(() => typeof (window as InPage).axe?.run === "function").catch(() => true)),
    )
  ).every(Boolean);
  const result = everyFrameHasAxe
    ? await page.evaluate((o) => (window as InPage).axe!.run(document, o), options)
    : await new AxeBuilder({ page }).options(options).setLegacyMode(true).analyze();
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/**
 * Opens `path` inside the running app, as its own links do (a history entry and the router's
 * popstate), instead of loading the whole app again: the page is the same for the test, without
 * the second-long start (bundle, session refresh, translations) each `page.goto` costs. For a test
 * that is not about loading; a direct link, a refresh or a guard on load still uses `page.goto`.
 * The page is there once a heading shows that was not showing before (a page the learner area kept
 * counts as new when it shows again). A page that keeps the previous page's heading (the same
 * screen with other data) is loaded in full instead, and the report says so. Resolves to false
 * when it had to load in full (what the test added to the document, such as a style, is gone).
 */
export async function openInApp(page: Page, path: string): Promise<boolean> {
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll("h1")) h.toggleAttribute("data-e2e-left", h.checkVisibility());
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }, path);
  const arrived = await page
    .locator(arrivedHeading)
    .first()
    .waitFor({ timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (arrived) return true;
  test.info().annotations.push({ type: "loaded in full", description: path });
  await page.goto(path);
  return false;
}

/** The heading of the page `openInApp` opened (any shown heading after a full load). */
export const arrivedHeading = "h1:not([data-e2e-left]):visible";

/** A support ticket a learner opens through the API (subject "Other"); resolves with its id. */
export async function openTicket(page: Page, token: string, description: string): Promise<number> {
  const res = await page.request.post("/api/iu/tickets", {
    headers: { authorization: `Bearer ${token}` },
    data: { subject_id: 0, description },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as number;
}

export type OutboxEntry = {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body_text: string;
};

/** The newest mail or SMS sent to `to`, from the development outbox. */
export async function latestMessage(page: Page, to: string): Promise<OutboxEntry> {
  let entry: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
      entry = (await res.json()).data[0];
      return entry !== undefined;
    })
    .toBe(true);
  return entry!;
}

/** The first link in a message's text that starts with the app's address. */
export function linkIn(message: OutboxEntry): string {
  const match = /https?:\/\/\S+/.exec(message.body_text);
  if (!match) throw new Error(`No link in message: ${message.subject}`);
  return match[0];
}

/** Sets the theme and language the app reads from local storage, before the page loads. */
export async function usePreferences(
  page: Page,
  prefs: { theme?: "day-mode" | "night-mode"; locale?: "en" | "es" },
) {
  await page.addInitScript((p) => {
    if (p.theme) localStorage.setItem("theme", p.theme);
    if (p.locale) localStorage.setItem("locale", p.locale);
  }, prefs);
}

/**
 * Retracts the global notifications whose title contains `title`, as their administrator would once
 * they are over. Sent to every learner as a modal, one left behind greets the learners of the tests
 * that run after it in the same worker (their database is the worker's), hiding the page they test.
 */
export async function retractGlobalNotifications(page: Page, adminToken: string, title: string) {
  const headers = { authorization: `Bearer ${adminToken}` };
  const found = await page.request.get(`/api/af/global-notifications?search=${encodeURIComponent(title)}`, {
    headers,
  });
  expect(found.status(), await found.text()).toBe(200);
  const rows = (await found.json()).data as Array<{ id: number }>;
  expect(rows.length, `global notifications titled ${title}`).toBeGreaterThan(0);
  for (const { id } of rows) {
    const gone = await page.request.delete(`/api/af/global-notifications/${id}`, { headers });
    expect(gone.ok(), await gone.text()).toBe(true);
  }
}
