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
import {
  arrivedHeading,
  expectLooksFinished,
  expectNoAccessibilityViolations,
  openInApp,
  writeScreenshots,
} from "../support/helpers";
import { type DemoAccount, logIn, phone } from "../support/session";

/** Desktop width, a little taller than session.ts's `desktop`: more of a long page in view. */
const wide = { width: 1280, height: 900 };

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
  ana: [
    "/iu/courses/1",
    "/iu/courses/1/lesson/1",
    "/iu/profile/info",
    "/iu/profile/payment",
    "/iu/profile/history",
    "/iu/checkout",
  ],
  // The two forms support.spec.ts checks for looks (its list pages are menu pages), and the course
  // editor's tabs and form authoring.spec.ts pictures.
  admin: [
    "/af/courses/1",
    "/af/courses/1?tab=structure",
    "/af/courses/create",
    "/af/faqs/entries/create",
    "/af/events/create",
  ],
  head: ["/ha/administrator-users/create"],
  master: [],
  leo: [],
  support: [],
};

/** A list's first entry (or the one `pick` chooses), through the API as `token`'s account. */
async function firstId(
  page: Page,
  token: string,
  url: string,
  pick: (row: { id: number; username?: string }) => boolean = () => true,
): Promise<number> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  const row = ((await res.json()).data as Array<{ id: number; username?: string }>).find(pick);
  expect(row, `an entry of ${url}`).toBeTruthy();
  return row!.id;
}

/** Detail pages the menus' lists lead to, by the seeded entries' ids. */
async function detailPages(page: Page, account: DemoAccount, token: string): Promise<string[]> {
  switch (account) {
    case "ana":
      return [`/iu/shop/books/${await firstId(page, token, "/api/shop/products")}`];
    case "admin":
      return [
        `/af/users/${await firstId(page, token, "/api/af/users?search=ana", (u) => u.username === "ana")}`,
        `/af/products/${await firstId(page, token, "/api/af/products")}`,
        `/af/categories/${await firstId(page, token, "/api/af/categories")}`,
      ];
    case "head":
      return [
        `/ha/permission-groups/${await firstId(page, token, "/api/ha/permission-groups")}`,
        `/ha/administrator-users/${await firstId(page, token, "/api/ha/administrator-users")}`,
      ];
    default:
      return [];
  }
}

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
function themesFor(audience: number, part: number, k: number): [Theme, ...Theme[]] {
  const turn = audience + part + k;
  return writeScreenshots ? [themeAt(turn), themeAt(turn + 1)] : [themeAt(turn)];
}

async function menuPages(page: Page, area: string): Promise<string[]> {
  await page.goto(`${area}/dashboard`);
  const nav = page.getByTestId("side-navigation");
  // The worker's first page: its server and browser start cold, which took over 10 s under a load of 25.
  await expect(nav).toBeVisible({ timeout: 30_000 });
  const links = await nav
    .locator(`a[href^="${area}/"]`)
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(links)];
}

/** Sets the theme on the page root as the theme switch does (stores/theme.ts follows the class). */
async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => {
    document.documentElement.classList.remove("day-mode", "night-mode");
    document.documentElement.classList.add(t);
    localStorage.setItem("theme", t);
  }, theme);
}

/** English or Spanish: a full load (the app reads the language once, at start). */
async function openInLocale(page: Page, path: string, locale: "en" | "es", theme: Theme) {
  if (page.url().startsWith("http")) {
    await page.evaluate(
      ({ l, t }) => {
        localStorage.setItem("locale", l);
        localStorage.setItem("theme", t);
      },
      { l: locale, t: theme },
    );
  } else {
    // No page of the app's origin yet (a guest's first page): set them as the first page loads.
    await page.addInitScript(
      ({ l, t }) => {
        if (sessionStorage.getItem("e2e-prefs")) return;
        sessionStorage.setItem("e2e-prefs", "1");
        localStorage.setItem("locale", l);
        localStorage.setItem("theme", t);
      },
      { l: locale, t: theme },
    );
  }
  await page.goto(path);
}

/**
 * Scans the pages: the even-numbered ones in English, the odd-numbered ones in Spanish (each
 * language's words on every kind of page), each group walked inside the app after one full load.
 * Each page is also checked at desktop and phone width for what a user notices at once (sideways
 * scroll, untranslated keys): the check the back-office, authoring, shop and commerce "looks
 * finished" tests made before they moved to `npm run test:visual`.
 */
async function checkPages(page: Page, audience: number, part: number, paths: string[]) {
  const problems: string[] = [];
  const groups = (["en", "es"] as const).map((locale, g) => ({
    locale,
    pages: [...paths.entries()].filter(([k]) => k % 2 === g),
  }));
  for (const { locale, pages } of groups) {
    for (const [i, [k, path]] of pages.entries()) {
      const themes = themesFor(audience, part, k);
      if (i === 0) await openInLocale(page, path, locale, themes[0]);
      else {
        await switchTheme(page, themes[0]);
        await openInApp(page, path);
      }
      // Every page has its heading once its lazy chunk is in (the learner area keeps the pages
      // left behind, hidden, with theirs); then let its first data arrive.
      await page.locator(arrivedHeading).first().waitFor({ timeout: 15_000 });
      await expect(page.locator('[aria-busy="true"]'))
        .toHaveCount(0, { timeout: 10_000 })
        .catch(() => {
          // A part still loading after 10 s is scanned as it is (axe checks the busy region too);
          // the note names the page for whoever reads the report.
          test.info().annotations.push({ type: "still busy", description: `${path} (${themes[0]})` });
        });
      for (const [t, theme] of themes.entries()) {
        if (t > 0) await switchTheme(page, theme);
        const label = `${path} (${locale}, ${theme})`;
        await expect(page.locator("html"), `${label}: the theme`).toHaveClass(new RegExp(theme));
        try {
          await expectNoAccessibilityViolations(page);
        } catch (error) {
          problems.push(
            `${label}: ${(error as Error).message
              .split("\n")
              .filter((l) => l.includes("("))
              .join(" ")}`,
          );
        }
      }
      // Desktop as the page stands (the walk keeps the desktop width between pages), then phone.
      for (const [width, size] of [
        ["desktop", wide],
        ["phone", phone],
      ] as const) {
        if (size !== wide) await page.setViewportSize(size);
        await expectLooksFinished(page, `${path} (${locale}, ${width})`).catch((error: Error) =>
          problems.push(error.message.split("\n")[0] ?? error.message),
        );
      }
      await page.setViewportSize(wide);
    }
  }
  expect(problems).toEqual([]);
}

test.describe("every page of every audience", () => {
  test.use({ viewport: wide });

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
          const token = await logIn(page, account, { theme: firstTheme });
          pages = [
            ...new Set([
              ...(await menuPages(page, area)),
              ...extraPages[account],
              ...(await detailPages(page, account, token)),
            ]),
          ];
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
