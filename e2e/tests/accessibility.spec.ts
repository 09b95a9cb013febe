/**
 * Accessibility across the product: axe (WCAG 2.0-2.2 A and AA) on every page of
 * every audience, in the day and the night theme. The pages come from each area's own side
 * navigation (so a page added to the menu is checked without touching this file), plus the detail
 * pages the menus lead to. Nothing here changes data.
 */
import { expect, type Page, test } from "../support/fixtures";
import { expectNoAccessibilityViolations } from "../support/helpers";
import { type DemoAccount, logIn } from "../support/session";

const themes = ["day-mode", "night-mode"] as const;

/** Detail pages no menu links to directly, per audience. */
const extraPages: Record<DemoAccount | "guest", string[]> = {
  guest: [
    "/",
    "/register",
    "/reset-password",
    "/cant-log-in",
    "/tickets",
    "/faqs",
    "/courses/1",
    "/checkout",
  ],
  ana: ["/iu/courses/1", "/iu/courses/1/lesson/1", "/iu/profile/info", "/iu/checkout"],
  // The two forms support.spec.ts checks for looks (its list pages are menu pages).
  admin: ["/af/courses/1", "/af/faqs/entries/create", "/af/events/create"],
  head: [],
  master: [],
  leo: [],
  support: [],
};

async function menuPages(page: Page, area: string): Promise<string[]> {
  await page.goto(`${area}/dashboard`);
  const nav = page.getByTestId("side-navigation");
  await expect(nav).toBeVisible();
  const links = await nav
    .locator(`a[href^="${area}/"]`)
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(links)];
}

async function checkPages(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // Every page has its heading once its lazy chunk is in; then let its first data arrive.
    await page.locator("h1").first().waitFor({ timeout: 15_000 });
    await expect(page.locator('[aria-busy="true"]'))
      .toHaveCount(0, { timeout: 10_000 })
      .catch(() => {});
    try {
      await expectNoAccessibilityViolations(page);
    } catch (error) {
      problems.push(
        `${path}: ${(error as Error).message
          .split("\n")
          .filter((l) => l.includes("("))
          .join(" ")}`,
      );
    }
  }
  expect(problems).toEqual([]);
}

for (const theme of themes) {
  test.describe(`every page in the ${theme === "day-mode" ? "day" : "night"} theme`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("guest pages", async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((theme) => {
        localStorage.setItem("cookieConsent", "accepted");
        localStorage.setItem("theme", theme);
      }, theme);
      await checkPages(page, extraPages.guest);
    });

    // The back office's grouped menu opens about 50 pages (160 to 180 s in one test): it is checked
    // in three parts, every third page each, so the parts run on different workers side by side.
    for (const [account, area, parts] of [
      ["ana", "/iu", 1],
      ["admin", "/af", 3],
      ["head", "/ha", 1],
      ["master", "/ma", 1],
    ] as const) {
      for (let part = 0; part < parts; part += 1) {
        test(`${area} pages as ${account}${parts > 1 ? ` (part ${part + 1} of ${parts})` : ""}`, async ({
          page,
        }) => {
          // As before the back office was split: a third of it takes a third of the time, but a loaded
          // machine (a load of 30 on 2 cores) took 4 to 6 minutes for a third.
          test.setTimeout(420_000);
          await logIn(page, account, { theme });
          const pages = [...new Set([...(await menuPages(page, area)), ...extraPages[account]])];
          expect(pages.length).toBeGreaterThan(parts);
          await checkPages(
            page,
            pages.filter((_, index) => index % parts === part),
          );
        });
      }
    }
  });
}
