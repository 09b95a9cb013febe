/**
 * Focus not obscured (WCAG 2.4.11): tabbing forward and back through the main pages of each
 * layout, at a desktop and a phone width, the focused control is never under the sticky top bar, a
 * page's own sticky bar (the quiz clock) nor the cookie notice (left open on purpose): at least its
 * first 24 px (or all of it, if smaller) show. Controls inside the bars, the side navigation or the
 * notice itself are the fixed frame and are not checked; neither are controls taller than half the
 * screen (a scrolled area, shown as far as it fits).
 */
import type pg from "pg";
import { expect, type Page, test } from "../support/fixtures";
import { openInApp } from "../support/helpers";
import { startSpanishQuizAttempt } from "../support/quiz";
import { type DemoAccount, desktop, logIn, phone } from "../support/session";

type Stop = { path: string; sizes?: Array<typeof desktop>; presses?: number };

/** The pages of the audit's findings, per layout (one browser context each). */
const layouts: Array<{ who: DemoAccount | "guest"; stops: Stop[] }> = [
  {
    who: "ana",
    stops: [
      { path: "/iu/profile/info" },
      { path: "/iu/dashboard", sizes: [desktop] },
      { path: "/iu/courses", sizes: [phone] },
      { path: "/iu/checkout", sizes: [phone] },
      { path: "/iu/tickets", sizes: [desktop] },
      { path: "/iu/courses/1", sizes: [phone] },
      { path: "/iu/events", sizes: [phone] },
    ],
  },
  {
    who: "admin",
    stops: [
      { path: "/af/platform-users", sizes: [desktop] },
      // The audit's forward-Tab finding (move and more-actions buttons at y 30-62): a long structure,
      // see MANY_LECTURES, tabbed through its rows at both widths.
      { path: "/af/courses/1?tab=structure", presses: 90 },
    ],
  },
  { who: "head", stops: [{ path: "/ha/permission-groups/create", sizes: [desktop] }] },
  { who: "guest", stops: [{ path: "/courses/1", sizes: [phone] }] },
];

/** Tab presses per direction: enough to cross each page's first forms and lists, and to scroll. */
const PRESSES = 16;

/**
 * Watches every focus move in the page: one animation frame after it (the browser has scrolled the
 * control into view by then), records the control when less than its first 24 px (or its whole
 * height, if smaller) shows between the bar's bottom edge and the notice's top edge.
 */
function watchFocus(page: Page) {
  return page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { obscuredFocus: string[] }).obscuredFocus = found;
    document.addEventListener("focusin", (event) => {
      const focused = event.target as HTMLElement;
      requestAnimationFrame(() => {
        if (document.activeElement !== focused) return;
        const frame =
          '[data-sticky-header], [data-sticky-bar], nav[data-testid="side-navigation"], [data-testid="cookie-notice"]';
        if (
          focused.closest(frame) ||
          focused.closest('[role="dialog"]') ||
          focused.matches('a[href="#main"]')
        )
          return;
        const box = focused.getBoundingClientRect();
        if (box.height === 0 || box.height > window.innerHeight / 2) return;
        // The part of the control painted over by the bars or by the notice (they never overlap each other).
        const covers = document.querySelectorAll(
          '[data-sticky-header], [data-sticky-bar], [data-testid="cookie-notice"]',
        );
        let hidden = 0;
        for (const element of Array.from(covers)) {
          const cover = element.getBoundingClientRect();
          hidden += Math.max(0, Math.min(box.bottom, cover.bottom) - Math.max(box.top, cover.top));
        }
        const offScreen = Math.max(0, -box.top) + Math.max(0, box.bottom - window.innerHeight);
        if (box.height - hidden - offScreen >= Math.min(24, box.height) - 1) return;
        const name = (focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40);
        found.push(
          `${location.pathname} ${window.innerWidth}px: ${focused.tagName.toLowerCase()} "${name}" at ${Math.round(box.top)}-${Math.round(box.bottom)}, ${Math.round(hidden)} px covered`,
        );
      });
    });
  });
}

/** What was found since the last call (the page keeps watching while the app changes pages). */
const obscured = (page: Page) =>
  page.evaluate(() => (window as unknown as { obscuredFocus?: string[] }).obscuredFocus?.splice(0) ?? []);

/**
 * As after a page load: at the top, and the next Tab starts at the document's start, unless the page
 * has put the focus somewhere itself (the control focused before was let go before leaving).
 */
async function fromTheTop(page: Page) {
  await page.evaluate(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    if (document.activeElement && document.activeElement !== document.body) return;
    // A focused element that goes away leaves the next Tab's start where it was: at the top here.
    const start = document.createElement("span");
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus({ preventScroll: true });
    start.remove();
  });
}

/**
 * Opens a page at a size, tabs forward from its top, then back from its last control; returns what
 * was hidden. `how`: a page load (the layout's first page), inside the app (its next pages, as its
 * links open them), or the page already open, resized (the same page at the other width).
 */
async function tabBothWays(
  page: Page,
  path: string,
  size: typeof desktop,
  presses: number,
  how: "load" | "in app" | "resize",
) {
  await page.setViewportSize(size);
  if (how === "load") await page.goto(path);
  else {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    if (how === "in app") await openInApp(page, path);
    await fromTheTop(page);
  }
  // The learner area keeps the pages left behind, hidden: the page shown is the one checked.
  await page.locator("main h1").filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId("cookie-notice")).toBeVisible();
  for (let i = 0; i < presses; i += 1) await page.keyboard.press("Tab");
  await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>("main a[href], main button, main input"),
    ].filter((control) => control.checkVisibility());
    controls[controls.length - 1]?.focus();
  });
  for (let i = 0; i < PRESSES; i += 1) await page.keyboard.press("Shift+Tab");
  // Each focus is judged a frame after it: let the last ones be judged at this size and on this
  // page, before the window is resized or the app opens the next page.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return obscured(page);
}

/** Draft lectures added to the first module of title 1 for the admin's tour: a structure longer than two screens. */
const MANY_LECTURES = 24;

async function addDraftLectures(database: pg.Client) {
  await database.query(
    `INSERT INTO lectures (module_id, course_id, position, title_en, title_es, status)
     SELECT m.id, m.course_id, 100 + n, 'Extra lecture ' || n, 'Clase extra ' || n, 'draft'
       FROM (SELECT id, course_id FROM course_modules WHERE course_id = 1 ORDER BY position LIMIT 1) m,
            generate_series(1, $1) n`,
    [MANY_LECTURES],
  );
  return () => database.query("DELETE FROM lectures WHERE course_id = 1 AND title_en LIKE 'Extra lecture %'");
}

test.describe("focus is never hidden under the sticky bars", () => {
  test.setTimeout(120_000);
  for (const { who, stops } of layouts) {
    test(`${who}: tabbing both ways through its main pages`, async ({ page, database }) => {
      if (who === "guest") {
        await page.addInitScript(() => localStorage.setItem("locale", "en"));
      } else {
        await logIn(page, who);
      }
      // The cookie notice stays open, as on a first visit.
      await page.addInitScript(() => localStorage.removeItem("cookieConsent"));
      await watchFocus(page);
      const removeLectures = who === "admin" ? await addDraftLectures(database) : undefined;
      const problems: string[] = [];
      try {
        // One page load per layout: its other pages open inside the app, and a page checked at both
        // widths is resized rather than loaded again.
        for (const [s, stop] of stops.entries())
          for (const [w, size] of (stop.sizes ?? [desktop, phone]).entries()) {
            const how = w > 0 ? "resize" : s > 0 ? "in app" : "load";
            problems.push(...(await tabBothWays(page, stop.path, size, stop.presses ?? PRESSES, how)));
          }
      } finally {
        await removeLectures?.();
      }
      expect(problems).toEqual([]);
    });
  }

  test("ana: a quiz attempt, under the clock bar (below the top bar, or at a phone's bottom)", async ({
    page,
    database,
  }) => {
    const token = await logIn(page, "ana", { locale: "en" });
    await page.addInitScript(() => localStorage.removeItem("cookieConsent"));
    await watchFocus(page);
    const path = await startSpanishQuizAttempt(page, database, token);
    const problems: string[] = [];
    for (const [w, size] of [{ width: 1024, height: 600 }, phone].entries())
      problems.push(...(await tabBothWays(page, path, size, 24, w > 0 ? "resize" : "load")));
    expect(problems).toEqual([]);
  });
});
