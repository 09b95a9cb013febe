/**
 * The shell on a first visit: a Spanish browser opens in Spanish, and the cookie notice, shown
 * until accepted, never covers an action: scrolled to the end of a page, every button and link of the
 * page is reachable above it, on a phone and on a desktop.
 */
import { expect, type Page, test } from "../support/fixtures";
import { desktop, logIn, phone } from "../support/session";

/** The names of the page's visible buttons and links whose centre the cookie notice is painted over. */
function coveredActions(page: Page) {
  return page.evaluate(() => {
    const notice = document.querySelector('[data-testid="cookie-notice"]');
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main a[href], main button")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
      const hit = document.elementFromPoint(
        box.left + box.width / 2,
        Math.min(box.top + box.height / 2, window.innerHeight - 1),
      );
      if (hit && notice?.contains(hit))
        covered.push(element.textContent?.trim() || element.outerHTML.slice(0, 80));
    }
    return covered;
  });
}

test("the cookie notice leaves every action of the dashboard reachable, on a phone and a desktop", async ({
  page,
}) => {
  await logIn(page, "ana");
  // After the session's own set-up (which accepts the notice), as a first visit: not accepted.
  await page.addInitScript(() => localStorage.removeItem("cookieConsent"));
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size);
    await page.goto("/iu/dashboard");
    await expect(page.getByTestId("cookie-notice")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Scrolled to the end as it stands at each check: the page still grows while its last parts
    // arrive (the advert at the foot of the dashboard), and a person scrolls on to the new end.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return coveredActions(page);
      })
      .toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`cookie-notice-${size.width}.png`) });
  }
});

test.describe("a first visit from a Spanish browser", () => {
  test.use({ locale: "es-ES" });
  test("opens in Spanish", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("cookie-notice").getByRole("button")).toHaveText("Aceptar");
  });
});
