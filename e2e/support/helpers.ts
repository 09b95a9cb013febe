/** Helpers for browser tests: screenshots to look at, an accessibility check, outbox reading. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const screenshotDir = path.resolve(import.meta.dirname, "..", "screenshots");

/** Saves a full-page screenshot as e2e/screenshots/<name>.png for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fails with the list of axe violations (WCAG 2.1 A and AA) on the current page. */
export async function expectNoAccessibilityViolations(page: Page) {
  // A toast or dialog still fading in is half transparent: axe would measure its colours mid-way
  // and report a contrast it never has once shown. Check the page as it settles.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          // Endless ones (spinners, skeletons) never settle and have no colour to get wrong mid-way.
          .every(
            (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
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
