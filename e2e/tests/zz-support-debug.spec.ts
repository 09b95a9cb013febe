import { expect, test } from "@playwright/test";

for (const [user, password, paths] of [
  [
    "admin",
    "Admin-Pass1",
    [
      "/af/tickets",
      "/af/faqs/entries",
      "/af/events",
      "/af/adverts",
      "/af/global-notifications/create",
      "/af/events/create",
      "/af/tickets/1",
    ],
  ],
  ["ana", "Learner-Pass1", ["/iu/tickets", "/iu/tickets/1", "/iu/events", "/iu/faqs", "/iu/tickets?new=1"]],
] as const) {
  test(`debug overflow ${user}`, async ({ page }) => {
    const res = await page.request.post("/api/auth/login", { data: { login: user, password } });
    const token = (await res.json()).access_token as string;
    await page.addInitScript((token) => {
      localStorage.setItem("token", token);
      localStorage.setItem("cookieConsent", "accepted");
    }, token);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForTimeout(1200);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll("main *")]
          .filter((e) => e.getBoundingClientRect().right > 392 && !e.closest(".overflow-x-auto"))
          .slice(0, 5)
          .map(
            (e) =>
              `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`,
          ),
      );
      console.log(path, width, JSON.stringify(wide));
    }
  });
}
