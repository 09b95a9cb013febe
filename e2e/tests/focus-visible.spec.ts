/**
 * Issue 27, WCAG 2.4.11 Focus not obscured: tabbing forward and back through the main pages of each
 * layout, at a desktop and a phone width, the focused control is never under the sticky top bar nor
 * under the cookie notice (left open on purpose): at least its first 24 px (or all of it, if smaller)
 * show. Controls inside the bar, the side navigation or the notice itself are the fixed frame and are
 * not checked; neither are controls taller than half the screen (a scrolled area, shown as far as it fits).
 */
import { expect, type Page, test } from "../support/fixtures";
import { type DemoAccount, desktop, logIn, phone } from "../support/session";

type Stop = { path: string; sizes?: Array<typeof desktop>; presses?: number };

/** The pages of the audit's findings, per layout (one browser context each). */
const layouts: Array<{ who: DemoAccount | "guest"; stops: Stop[] }> = [
  {
    who: "ana",
    stops: [
      { path: "/iu/profile/info" },
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
      { path: "/af/courses/1?tab=structure", sizes: [desktop], presses: 40 },
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
          '[data-sticky-header], nav[data-testid="side-navigation"], [data-testid="cookie-notice"]';
        if (
          focused.closest(frame) ||
          focused.closest('[role="dialog"]') ||
          focused.matches('a[href="#main"]')
        )
          return;
        const box = focused.getBoundingClientRect();
        if (box.height === 0 || box.height > window.innerHeight / 2) return;
        // The part of the control painted over by the bar or by the notice.
        const under = (selector: string) => {
          const cover = document.querySelector(selector)?.getBoundingClientRect();
          return cover ? Math.max(0, Math.min(box.bottom, cover.bottom) - Math.max(box.top, cover.top)) : 0;
        };
        const hidden = under("[data-sticky-header]") + under('[data-testid="cookie-notice"]');
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

const obscured = (page: Page) =>
  page.evaluate(() => (window as unknown as { obscuredFocus?: string[] }).obscuredFocus ?? []);

test.describe("focus is never hidden under the sticky bars", () => {
  test.setTimeout(120_000);
  for (const { who, stops } of layouts) {
    test(`${who}: tabbing both ways through its main pages`, async ({ page }) => {
      if (who === "guest") {
        await page.addInitScript(() => localStorage.setItem("locale", "en"));
      } else {
        await logIn(page, who);
      }
      // The cookie notice stays open, as on a first visit.
      await page.addInitScript(() => localStorage.removeItem("cookieConsent"));
      await watchFocus(page);
      const problems: string[] = [];
      for (const stop of stops) {
        for (const size of stop.sizes ?? [desktop, phone]) {
          await page.setViewportSize(size);
          await page.goto(stop.path);
          await page.locator("main h1").first().waitFor({ timeout: 15_000 });
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await expect(page.getByTestId("cookie-notice")).toBeVisible();
          // Forward from the top, then backward from the page's last control (scrolling up).
          for (let i = 0; i < (stop.presses ?? PRESSES); i += 1) await page.keyboard.press("Tab");
          await page.evaluate(() => {
            const controls = document.querySelectorAll<HTMLElement>("main a[href], main button, main input");
            controls[controls.length - 1]?.focus();
          });
          for (let i = 0; i < PRESSES; i += 1) await page.keyboard.press("Shift+Tab");
          problems.push(...(await obscured(page)));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
