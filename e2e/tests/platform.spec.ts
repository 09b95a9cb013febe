import { expect, test } from "../support/fixtures";
import { expectNoAccessibilityViolations, saveScreenshot } from "../support/helpers";

test("the built app is served with its API on one port", async ({ page, request }) => {
  expect((await request.get("/api/ready")).ok()).toBe(true);
  await page.goto("/");
  await expect(page).toHaveTitle(/Aprendo/);
  // The product name comes from the server's BRAND_NAME (default Aprendo) through index.html.
  await expect(page.locator('meta[name="application-name"]')).toHaveAttribute("content", "Aprendo");
  await expect(page.locator("#root")).not.toBeEmpty();
});

test("an unknown address shows the not-found page, in Spanish at night too", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found (404)");
  await expectNoAccessibilityViolations(page);
  // The same browser, its language and theme switched (stored as the switches store them).
  await page.evaluate(() => {
    localStorage.setItem("theme", "night-mode");
    localStorage.setItem("locale", "es");
  });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/night-mode/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada (404)");
  await saveScreenshot(page, "platform-404-es-night");
});

test("production answers carry security headers and a strict content security policy", async ({
  request,
}) => {
  const res = await request.get("/");
  const csp = res.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("an unknown API path answers JSON, not the app", async ({ request }) => {
  const res = await request.get("/api/nothing-here");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ message: "There is no such address in the API" });
});
