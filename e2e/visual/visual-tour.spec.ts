/**
 * Visual tour of the learner-facing, guest and account pages: every page at phone (390 px) and
 * desktop (1280 px) width, English and Spanish, day and night, saved as e2e/screenshots/tour-*.
 * Each page is also checked for what a user notices at once: no sideways scroll on a phone, and no
 * untranslated message keys (text like `courses.title`) on a Spanish page.
 */
import { expect, type Page, test } from "@playwright/test";
import { saveScreenshot } from "../support/helpers";
import { demoPasswords, desktop, type Prefs, phone, startAs, tokenFor } from "../support/session";

type Look = { name: string; prefs: Prefs };
const looks: Look[] = [
  { name: "en-day", prefs: { locale: "en", theme: "day-mode" } },
  { name: "es-night", prefs: { locale: "es", theme: "night-mode" } },
  { name: "es-day", prefs: { locale: "es", theme: "day-mode" } },
  { name: "en-night", prefs: { locale: "en", theme: "night-mode" } },
];

/** Text nodes that look like message keys (`shell.titles.dashboard`), not like addresses or numbers. */
async function keyLookingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const key = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/;
    const domain = /\.(com|org|net|es|io|dev|pdf|png|jpg|mp4|app)$/i;
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

/** Screenshots both widths and returns the problems seen. */
async function visit(page: Page, look: Look, name: string, problems: string[], settle = 300) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(desktop);
  await page.waitForTimeout(settle);
  await saveScreenshot(page, `tour-${name}-${look.name}-desktop`);
  await page.setViewportSize(phone);
  await page.waitForTimeout(settle);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > phone.width) problems.push(`${name} (${look.name}): phone page is ${width}px wide`);
  await saveScreenshot(page, `tour-${name}-${look.name}-phone`);
  if (look.prefs.locale === "es") {
    const keys = await keyLookingTexts(page);
    if (keys.length > 0) problems.push(`${name} (${look.name}): key-like text ${keys.join(", ")}`);
  }
  await page.setViewportSize(desktop);
}

async function courses(page: Page) {
  const res = await page.request.get("/api/courses?per_page=50", { headers: { "X-Language-Code": "en" } });
  return (await res.json()).data as Array<{ id: number; title: string }>;
}

test.describe("visual tour", () => {
  test.setTimeout(300_000);

  for (const look of looks) {
    test(`guest pages (${look.name})`, async ({ page }) => {
      const problems: string[] = [];
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
        await visit(page, look, name, problems);
      }
      // The cookie notice shows to a first-time visitor (screenshotted above); accept it.
      expect(problems).toEqual([]);
    });

    test(`learner pages (${look.name})`, async ({ page }) => {
      const problems: string[] = [];
      const token = await tokenFor(page, "ana", demoPasswords.ana);
      await startAs(page, token, look.prefs);
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
        await visit(page, look, name, problems);
        if (name === "courses") {
          const category = page.locator('a[href*="/categories/course/"]').first();
          if (await category.count()) {
            await category.click();
            await visit(page, look, "category", problems);
          }
        }
      }

      // Lecture tabs.
      await page.goto(`/iu/courses/${course.id}/lesson/${lecture.id}`);
      await page.getByRole("tab").first().waitFor();
      for (const tab of await page.getByRole("tab").all()) {
        const label = ((await tab.textContent()) ?? "tab").trim().toLowerCase().replace(/\W+/g, "-");
        await tab.click();
        await visit(page, look, `lecture-tab-${label}`, problems);
      }

      // Shell: notifications panel, cart panel, phone drawer, offline banner.
      await page.goto("/iu/dashboard");
      await page.waitForLoadState("networkidle");
      await page.getByTestId("notification-bell").click();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `tour-notifications-${look.name}-desktop`);
      await page.keyboard.press("Escape");
      await page.getByTestId("cart-button").click();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `tour-cart-${look.name}-desktop`);
      await page.keyboard.press("Escape");
      await page.setViewportSize(phone);
      await page.getByTestId("open-navigation").click();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `tour-drawer-${look.name}-phone`);
      await page.keyboard.press("Escape");
      await page.getByTestId("cart-button").click();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `tour-cart-${look.name}-phone`);
      await page.keyboard.press("Escape");
      await page.getByTestId("notification-bell").click();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `tour-notifications-${look.name}-phone`);
      await page.keyboard.press("Escape");
      await page.context().setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event("offline")));
      await page.waitForTimeout(300);
      await saveScreenshot(page, `tour-offline-${look.name}-phone`);
      await page.context().setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await page.setViewportSize(desktop);

      expect(problems).toEqual([]);
    });
  }
});
