/**
 * Accessibility across the product: axe (WCAG 2.0-2.2 A and AA) on every page of every audience.
 * The pages come from each area's own side navigation (so a page added to the menu is checked
 * without touching this file), plus the detail pages the menus lead to. Nothing here changes data.
 *
 * Themes: the gating run scans each page once, alternating day and night page by page, and each
 * audience starts with the other theme than the audience before it, so both themes cover every
 * audience and every kind of page (lists, forms, details) at half the cost of scanning each page
 * twice. `npm run test:visual` (E2E_SCREENSHOTS=on) scans every page in both themes.
 */
import { expect, type Page, test } from "../support/fixtures";
import { expectNoAccessibilityViolations, writeScreenshots } from "../support/helpers";
import { type DemoAccount, logIn } from "../support/session";

type Theme = "day-mode" | "night-mode";
/** Day for an even turn, night for an odd one. */
const themeAt = (turn: number): Theme => (turn % 2 === 0 ? "day-mode" : "night-mode");

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

/**
 * The audiences in order; `parts` splits an audience's pages (every n-th page each) into tests that
 * run on different workers side by side, so no test holds a worker much longer than the others
 * and the short ones fill the gaps (one theme under a load of 25 on 2 cores, 26 Nov: the learner's
 * 14 or so pages 168 s, the back office's 43 or so 612 s; the guest's 8 and the head's and master's
 * menus under a minute each).
 */
const audiences: ReadonlyArray<{ account: DemoAccount | "guest"; area: string; parts: number }> = [
  { account: "guest", area: "", parts: 1 },
  { account: "ana", area: "/iu", parts: 2 },
  { account: "admin", area: "/af", parts: 4 },
  { account: "head", area: "/ha", parts: 1 },
  { account: "master", area: "/ma", parts: 1 },
];

/**
 * The themes a page is scanned in: the k-th page of a test gets day or night in turn, starting with
 * the audience's own first theme (every other audience starts at night) moved on by the part, so
 * the parts of one audience do not all start alike. Under `npm run test:visual`, both.
 */
function themesFor(audience: number, part: number, k: number): Theme[] {
  const turn = audience + part + k;
  return writeScreenshots ? [themeAt(turn), themeAt(turn + 1)] : [themeAt(turn)];
}

async function menuPages(page: Page, area: string): Promise<string[]> {
  await page.goto(`${area}/dashboard`);
  const nav = page.getByTestId("side-navigation");
  await expect(nav).toBeVisible();
  const links = await nav
    .locator(`a[href^="${area}/"]`)
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(links)];
}

/** Stores the theme the app reads at start (public/theme-boot.js) before the next page load. */
async function useTheme(page: Page, theme: Theme) {
  if (page.url().startsWith("http")) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    return;
  }
  // No page of the app's origin yet (a guest's first page): set it as the first page loads.
  await page.addInitScript((t) => {
    if (sessionStorage.getItem("e2e-theme")) return;
    sessionStorage.setItem("e2e-theme", "1");
    localStorage.setItem("theme", t);
  }, theme);
}

async function checkPages(page: Page, audience: number, part: number, paths: string[]) {
  const problems: string[] = [];
  for (const [k, path] of paths.entries()) {
    for (const theme of themesFor(audience, part, k)) {
      await useTheme(page, theme);
      await page.goto(path);
      // Every page has its heading once its lazy chunk is in; then let its first data arrive.
      await page.locator("h1").first().waitFor({ timeout: 15_000 });
      await expect(page.locator("html"), `${path}: the ${theme} theme`).toHaveClass(new RegExp(theme));
      await expect(page.locator('[aria-busy="true"]'))
        .toHaveCount(0, { timeout: 10_000 })
        .catch(() => {
          // A part still loading after 10 s is scanned as it is (axe checks the busy region too);
          // the note names the page for whoever reads the report.
          test.info().annotations.push({ type: "still busy", description: `${path} (${theme})` });
        });
      try {
        await expectNoAccessibilityViolations(page);
      } catch (error) {
        problems.push(
          `${path} (${theme}): ${(error as Error).message
            .split("\n")
            .filter((l) => l.includes("("))
            .join(" ")}`,
        );
      }
    }
  }
  expect(problems).toEqual([]);
}

test.describe("every page of every audience", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const [audience, { account, area, parts }] of audiences.entries()) {
    for (let part = 0; part < parts; part += 1) {
      const name = account === "guest" ? "guest pages" : `${area} pages as ${account}`;
      test(`${name}${parts > 1 ? ` (part ${part + 1} of ${parts})` : ""}`, async ({ page }) => {
        // A loaded machine (a load of 30 on 2 cores) took 4 to 6 minutes for a third of the back
        // office in one theme; `npm run test:visual` scans every page twice.
        test.setTimeout(writeScreenshots ? 840_000 : 420_000);
        const firstTheme = themesFor(audience, part, 0)[0];
        let pages: string[];
        if (account === "guest") {
          await page.addInitScript(() => localStorage.setItem("cookieConsent", "accepted"));
          pages = extraPages.guest;
        } else {
          await logIn(page, account, { theme: firstTheme });
          pages = [...new Set([...(await menuPages(page, area)), ...extraPages[account]])];
        }
        expect(pages.length).toBeGreaterThan(parts);
        await checkPages(
          page,
          audience,
          part,
          pages.filter((_, index) => index % parts === part),
        );
      });
    }
  }
});
