/**
 * Commerce, the parts a guest and a Spanish-speaking learner see: the sandbox's hosted card form
 * speaks the app's language (not the browser's), and a guest sponsor pays with the card that needs
 * an extra confirmation (4000 0027 6000 3184), confirms on the provider's page, and comes back to a
 * finished payment; the sponsored learner has the credit.
 */
import { expect, test } from "../support/fixtures";
import { saveScreenshot, usePreferences } from "../support/helpers";
import { newLearner } from "../support/session";

test.use({ locale: "en-GB" });

async function acceptCookies(page: import("@playwright/test").Page) {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", "accepted"));
}

test("the sandbox card form follows the app's language, and a guest sponsor confirms 3-D Secure", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const learner = await newLearner(page);
  await acceptCookies(page);
  // The browser says English; the app is set to Spanish.
  await usePreferences(page, { locale: "es", theme: "day-mode" });
  await page.goto("/checkout");

  await page.getByLabel("Correo o nombre de usuario del estudiante").fill(learner.username);
  await page.getByLabel(/^Importe/).fill("20");
  await page.getByLabel("Tu correo electrónico").fill("guest.sponsor@example.com");
  await page.getByRole("button", { name: "Continuar al pago" }).click();

  const frame = page.frameLocator('[data-testid="card-frame"]');
  await expect(frame.getByLabel("Número de tarjeta")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Usar esta tarjeta" })).toBeVisible();
  // The provider's own messages are in Spanish too.
  await frame.getByLabel("Nombre en la tarjeta").fill("Gina Guest");
  await frame.getByLabel("Número de tarjeta").fill("4111 1111 1111 1111");
  await frame.getByLabel("Caducidad (MM/AA)").fill("12/34");
  await frame.getByLabel("Código de seguridad (CVC)").fill("123");
  await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
  await expect(frame.getByRole("alert")).toContainText("tarjeta de prueba");
  await saveScreenshot(page, "commerce-guest-card-form-es");

  // The card that needs an extra confirmation.
  await frame.getByLabel("Número de tarjeta").fill("4000 0027 6000 3184");
  await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
  await page.getByTestId("pay").click();

  // The provider's confirmation page, in Spanish, then back to the guest checkout.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/authenticate\//);
  await expect(page.getByRole("heading", { name: "Confirma tu pago" })).toBeVisible();
  await saveScreenshot(page, "commerce-guest-3ds-es");
  await page.getByRole("button", { name: "Confirmar pago" }).click();

  await expect(page.getByTestId("checkout-success")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await saveScreenshot(page, "commerce-guest-3ds-done-es");

  // The sponsored learner has the credit.
  const login = await page.request.post("/api/auth/login", {
    data: { login: learner.username, password: learner.password },
  });
  const token = (await login.json()).access_token as string;
  const mine = await page.request.get("/api/iu/sponsorships", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await mine.json()).credit_balance).toBe(20);
});

test("a guest who refuses the confirmation sees that nothing was charged", async ({ page }) => {
  test.setTimeout(120_000);
  const learner = await newLearner(page);
  await acceptCookies(page);
  await usePreferences(page, { locale: "en", theme: "night-mode" });
  await page.goto("/checkout");
  await page.getByLabel("Learner's email or username").fill(learner.username);
  await page.getByLabel(/^Amount/).fill("15");
  await page.getByLabel("Your email").fill("guest.refuses@example.com");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel("Name on card").fill("Gina Guest");
  await frame.getByLabel("Card number").fill("4000 0027 6000 3184");
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await frame.getByRole("button", { name: "Use this card" }).click();
  await page.getByTestId("pay").click();
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Refuse" }).click();
  await expect(page.getByTestId("checkout-declined")).toBeVisible();
  await saveScreenshot(page, "commerce-guest-3ds-refused-en-night");
});
