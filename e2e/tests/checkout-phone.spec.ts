/**
 * The checkout on a phone in Spanish with a default saved card: the longest labels of the payment
 * chooser must wrap, never widen the page (the visual tour caught a 392 px page here).
 */
import { expect, test } from "../support/fixtures";
import { expectLooksFinished } from "../support/helpers";
import { newLearner, startAs, tokenFor } from "../support/session";

test("checkout with a default saved card fits a phone in Spanish", async ({ page }) => {
  const person = await newLearner(page);
  const token = await tokenFor(page, person.username, person.password);
  const cardToken = (
    await (
      await page.request.post("/api/payments/sandbox/tokens", {
        data: {
          number: "4242 4242 4242 4242",
          exp_month: 12,
          exp_year: 2034,
          cvc: "123",
          holder_name: "Ana López",
        },
      })
    ).json()
  ).token;
  const saved = await page.request.post("/api/iu/cards", {
    headers: { authorization: `Bearer ${token}` },
    data: { token: cardToken, make_default: true },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await startAs(page, token, { locale: "es", theme: "night-mode" });
  const list = (await (await page.request.get("/api/courses?per_page=100")).json()).data as {
    id: number;
    title: string;
  }[];
  const algebra = list.find((c) => c.title === "Algebra Foundations")!;
  await page.goto(`/iu/courses/${algebra.id}`);
  await page.getByRole("button", { name: /Añadir al carrito/i }).click();
  await expect(page.getByTestId("cart-panel")).toBeVisible();
  await page.goto("/iu/checkout");
  await expect(page.getByText("4242").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("Predeterminada")).toBeVisible();
  // No sideways scroll on the phone, and every text translated.
  await expectLooksFinished(page, "checkout (es, phone)");
});
