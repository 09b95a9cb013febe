/**
 * Checkout from another address than PUBLIC_URL: this worker's server has
 * PUBLIC_URL=http://localhost:<port> while the browser opens http://127.0.0.1:<port>, as a `www.`
 * name or a second domain would. A new learner pays with the plain test card, then with the card
 * that asks for 3-D Secure (4000 0027 6000 3184): refusing shows the provider's message and keeps
 * cart, coupon and delivery address; confirming lands on the same thank-you page as a plain card.
 */
import { expect, type Page, test } from "../support/fixtures";
import { newLearner, shootBoth, startAs, tokenFor } from "../support/session";

test.use({ publicHost: "localhost", locale: "en-GB" });

async function startLearner(page: Page) {
  const learner = await newLearner(page);
  await startAs(page, await tokenFor(page, learner.username, learner.password));
  return learner;
}

/** Types a card into the provider's form and waits until the page holds its token. */
async function enterCard(page: Page, number: string) {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel("Name on card").fill("Lucía Gómez");
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await frame.getByRole("button", { name: "Use this card" }).click();
  await expect(page.getByTestId("new-card-ready")).toBeVisible();
}

async function courseId(page: Page, title: string): Promise<number> {
  const list = (await (await page.request.get("/api/courses?per_page=100")).json()).data as {
    id: number;
    title: string;
  }[];
  return list.find((c) => c.title === title)!.id;
}

async function productId(page: Page, title: string): Promise<number> {
  const res = await page.request.get(`/api/shop/products?q=${encodeURIComponent(title)}`);
  const found = (await res.json()).data.find((p: { title: string }) => p.title === title);
  expect(found, title).toBeTruthy();
  return found.id;
}

test("the page's origin is not PUBLIC_URL's, and a new learner pays with the plain test card", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(new URL(baseURL!).hostname).toBe("127.0.0.1");
  await startLearner(page);
  await page.goto(`/iu/courses/${await courseId(page, "Algebra Foundations")}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByTestId("cart-checkout").click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/iu\/checkout$/);
  await expect(page.frameLocator('[data-testid="card-frame"]').getByLabel("Card number")).toBeVisible();
  await shootBoth(page, "checkout-origin-card-frame");

  await enterCard(page, "4242 4242 4242 4242");
  await page.getByTestId("pay").click();
  const success = page.getByTestId("checkout-success");
  await expect(success).toBeVisible();
  await expect(success).toContainText("Algebra Foundations");
  await expect(success).toContainText(/A-\d{6}/);
  await shootBoth(page, "checkout-origin-thank-you");
});

test("3-D Secure: refusing keeps cart, coupon and address with the provider's message; confirming shows the thank-you page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startLearner(page);
  await page.goto(`/iu/courses/${await courseId(page, "Algebra Foundations")}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.keyboard.press("Escape");
  await page.goto(`/iu/shop/books/${await productId(page, "English Grammar in Practice")}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const panel = page.getByTestId("cart-panel");
  await panel.getByTestId("coupon-open").click();
  await panel.getByTestId("coupon-input").fill("fiveoff");
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(panel.getByTestId("coupon-applied")).toContainText("FIVEOFF");
  await page.getByTestId("cart-checkout").click();
  await expect(page).toHaveURL(/\/iu\/checkout$/);

  const address = page.getByTestId("shipping-address");
  await address.getByLabel("Full name").fill("Lucía Gómez");
  await address.getByRole("textbox", { name: "Address", exact: true }).fill("10 Downing Street");
  await address.getByLabel("Town or city").fill("London");
  await address.getByLabel("Postal code").fill("SW1A 2AA");
  const pay = page.getByTestId("pay");
  await enterCard(page, "4000 0027 6000 3184");
  const amount = (await pay.textContent())!;
  await pay.click();

  // Refused on the provider's page: back at checkout with its message, nothing lost.
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Refuse" }).click();
  await expect(page.getByTestId("checkout-declined")).toHaveText(
    "We are unable to authenticate your payment method. Choose another one and try again.",
  );
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/iu\/checkout$/);
  const items = page.getByTestId("checkout-items");
  await expect(items).toContainText("Algebra Foundations");
  await expect(items).toContainText("English Grammar in Practice");
  await expect(page.getByTestId("cart-count-badge")).toHaveText("2");
  await expect(page.getByTestId("coupon-applied")).toContainText("FIVEOFF");
  await expect(address.getByLabel("Full name")).toHaveValue("Lucía Gómez");
  await expect(address.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
    "10 Downing Street",
  );
  await expect(address.getByLabel("Town or city")).toHaveValue("London");
  await expect(address.getByLabel("Postal code")).toHaveValue("SW1A 2AA");
  await shootBoth(page, "checkout-origin-3ds-refused");

  // Again, confirmed: the thank-you page with the order number, as with a plain card.
  await enterCard(page, "4000 0027 6000 3184");
  await expect(pay).toHaveText(amount);
  await pay.click();
  await page.getByRole("button", { name: "Confirm payment" }).click();
  const success = page.getByTestId("checkout-success");
  await expect(success).toBeVisible();
  await expect(success).toContainText(/A-\d{6}/);
  await expect(success).toContainText("Algebra Foundations");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/iu\/checkout$/);
  await shootBoth(page, "checkout-origin-3ds-thank-you");
});
