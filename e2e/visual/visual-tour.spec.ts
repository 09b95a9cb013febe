/**
 * Visual tour (`npm run test:visual`, not part of `npm test`): every learner-facing, guest and
 * account page at phone (390 px) and desktop (1280 px) width, English and Spanish, day and night,
 * saved as e2e/screenshots/tour-* for people to look at. Each page is also checked for what a user
 * notices at once: no sideways scroll and no untranslated message keys (text like `courses.title`).
 */
import { expect, type Page, test } from "../support/fixtures";
import { saveScreenshot } from "../support/helpers";
import { desktop, logIn, type Prefs, phone, shootBoth } from "../support/session";

type Look = { name: string; prefs: Prefs };
const looks: Look[] = [
  { name: "en-day", prefs: { locale: "en", theme: "day-mode" } },
  { name: "es-night", prefs: { locale: "es", theme: "night-mode" } },
  { name: "es-day", prefs: { locale: "es", theme: "day-mode" } },
  { name: "en-night", prefs: { locale: "en", theme: "night-mode" } },
];

/** The page at both widths: checked (sideways scroll, untranslated keys) and saved as pictures. */
async function visit(page: Page, look: Look, name: string) {
  // Every page has its heading once its lazy chunk is in; then its first data arrives.
  await page.locator("h1").first().waitFor();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await shootBoth(page, `tour-${name}-${look.name}`);
}

async function courses(page: Page) {
  const res = await page.request.get("/api/courses?per_page=50", { headers: { "X-Language-Code": "en" } });
  return (await res.json()).data as Array<{ id: number; title: string }>;
}

test.describe("visual tour", () => {
  test.setTimeout(300_000);

  for (const look of looks) {
    test(`guest pages (${look.name})`, async ({ page }) => {
      await page.addInitScript((prefs) => {
        if (sessionStorage.getItem("e2e-init")) return;
        sessionStorage.setItem("e2e-init", "1");
        localStorage.setItem("locale", prefs.locale ?? "en");
        localStorage.setItem("theme", prefs.theme ?? "day-mode");
      }, look.prefs);
      const course = (await courses(page)).find((c) => c.title === "Everyday Spanish")!;
      const pages: Array<[string, string]> = [
        ["login", "/login"],
        ["register", "/register"],
        ["reset", "/reset-password"],
        ["cant-log-in", "/cant-log-in"],
        ["public-course", `/courses/${course.id}`],
        ["public-faqs", "/faqs"],
        ["guest-tickets", "/tickets"],
        ["verify-certificate", "/certificates/verify/ABCDEFGHJKLMNPQR"],
        ["not-found", "/404"],
      ];
      for (const [name, url] of pages) {
        await page.goto(url);
        await visit(page, look, name);
      }
    });

    test(`learner pages (${look.name})`, async ({ page }) => {
      const token = await logIn(page, "ana", look.prefs);
      const auth = { authorization: `Bearer ${token}` };
      const all = await courses(page);
      const course = all.find((c) => c.title === "Everyday Spanish")!;
      const outline = await (
        await page.request.get(`/api/iu/courses/${course.id}`, { headers: auth })
      ).json();
      const lectures = outline.levels.flatMap((l: { modules: Array<{ lectures: unknown[] }> }) =>
        l.modules.flatMap((m) => m.lectures),
      ) as Array<{ id: number; state: string }>;
      const lecture = lectures.find((l) => l.state === "in_progress") ?? lectures[0]!;

      const pages: Array<[string, string]> = [
        ["dashboard", "/iu/dashboard"],
        ["courses", "/iu/courses"],
        ["courses-enrolled", "/iu/courses/enrolled"],
        ["courses-top", "/iu/courses/top"],
        ["courses-coming-soon", "/iu/courses/coming-soon"],
        ["title", `/iu/courses/${course.id}`],
        ["lecture", `/iu/courses/${course.id}/lesson/${lecture.id}`],
        ["ebook", `/iu/courses/${course.id}/lessons/${lecture.id}/ebook`],
        ["quiz", `/iu/courses/${course.id}/lesson/${lectures[0]!.id}/quiz`],
        ["search", "/iu/search?q=spanish"],
        ["search-empty", "/iu/search?q=zzzzqqq"],
        ["profile-info", "/iu/profile/info"],
        ["profile-certificates", "/iu/profile/certificates"],
        ["profile-payment", "/iu/profile/payment"],
        ["profile-history", "/iu/profile/history"],
        ["profile-email-reminders", "/iu/profile/notifications"],
        ["library", "/iu/library"],
        ["sponsor", "/iu/sponsor"],
        ["events", "/iu/events"],
        ["faqs", "/iu/faqs"],
        ["checkout", "/iu/checkout"],
        ["not-found-in", "/iu/nowhere"],
      ];
      for (const [name, url] of pages) {
        await page.goto(url);
        if (name === "ebook") {
          await page
            .getByTestId("pdf-canvas")
            .and(page.locator("[data-rendered=true]"))
            .waitFor({ timeout: 20_000 })
            .catch(() => {});
        }
        await visit(page, look, name);
        if (name === "courses") {
          const category = page.locator('a[href*="/categories/course/"]').first();
          if (await category.count()) {
            await category.click();
            await visit(page, look, "category");
          }
        }
      }

      // Lecture tabs.
      await page.goto(`/iu/courses/${course.id}/lesson/${lecture.id}`);
      await page.getByRole("tab").first().waitFor();
      for (const tab of await page.getByRole("tab").all()) {
        const label = ((await tab.textContent()) ?? "tab").trim().toLowerCase().replace(/\W+/g, "-");
        await tab.click();
        await visit(page, look, `lecture-tab-${label}`);
      }

      // Shell: notifications panel, cart panel, phone drawer, offline banner.
      await page.goto("/iu/dashboard");
      await expect(page.getByTestId("greeting").first()).toBeVisible();
      const panel = async (opener: string, shot: string) => {
        await page.getByTestId(opener).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await saveScreenshot(page, shot);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      };
      await panel("notification-bell", `tour-notifications-${look.name}-desktop`);
      await panel("cart-button", `tour-cart-${look.name}-desktop`);
      await page.setViewportSize(phone);
      await panel("open-navigation", `tour-drawer-${look.name}-phone`);
      await panel("cart-button", `tour-cart-${look.name}-phone`);
      await panel("notification-bell", `tour-notifications-${look.name}-phone`);
      await page.context().setOffline(true);
      await expect(page.getByTestId("offline-banner")).toBeVisible();
      await saveScreenshot(page, `tour-offline-${look.name}-phone`);
      await page.context().setOffline(false);
      await expect(page.getByTestId("offline-banner")).toHaveCount(0);
      await page.setViewportSize(desktop);
    });
  }
});
