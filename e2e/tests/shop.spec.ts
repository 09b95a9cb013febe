/**
 * The shop, as a new learner lives it: browse the shop, choose a binding and quantity of a
 * printed book, add two printed books to the cart, give a delivery address at checkout (a bad postal
 * code is refused), pay with the sandbox test card 4242 4242 4242 4242, and find the order in the
 * purchase history. An administrator marks it shipped with a tracking reference; the learner is
 * notified and the history shows it shipped. Then screenshots of the shop and the back-office
 * product pages at phone and desktop width, in English and Spanish, by day and by night.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "../support/fixtures";
import { looks, saveScreenshot, writeScreenshots } from "../support/helpers";
import { desktop, logIn, newLearner, shootBoth, startAs, tokenFor } from "../support/session";

const password = "Learn-2024!ok";

async function productId(page: Page, title: string): Promise<number> {
  const res = await page.request.get(`/api/shop/products?q=${encodeURIComponent(title)}`);
  const found = (await res.json()).data.find((p: { title: string }) => p.title === title);
  expect(found, title).toBeTruthy();
  return found.id;
}

/** axe (WCAG 2.1 A and AA) on the page's own content; the shell is checked by its own tests. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // axe.run in the page (and its frames) instead of a partial run per frame finished in a blank
    // tab opened and closed for every scan (helpers.ts, expectNoAccessibilityViolations): same rules.
    .setLegacyMode(true)
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function enterCard(page: Page, number: string) {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel("Name on card").fill("Lucía Gómez");
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await frame.getByRole("button", { name: "Use this card" }).click();
  await expect(page.getByTestId("new-card-ready")).toBeVisible();
}

test("a new learner buys two printed books with delivery; the admin ships them; the learner is told", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const learner = await newLearner(page, password);
  const token = await tokenFor(page, learner.username, password);
  await startAs(page, token);

  // The shop, its in-stock and best-seller sections.
  await page.goto("/iu/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Programming in Python: A First Course" })).toBeVisible();
  await expectAccessible(page);
  // Each section is a page of its own, its tab marked as the current one.
  await page.getByRole("link", { name: "Best sellers" }).click();
  await expect(page).toHaveURL(/\/iu\/shop\/top$/);
  await expect(page.getByRole("link", { name: "Best sellers" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Digital Photography Field Guide" })).toBeVisible();
  await page.getByRole("link", { name: "In stock" }).click();
  await expect(page).toHaveURL(/\/iu\/shop\/available$/);
  await expect(page.getByRole("link", { name: "In stock" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "English Grammar in Practice" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Digital Photography Field Guide" })).toHaveCount(0);

  // A printed book: the hardcover, two copies.
  await page.getByRole("link", { name: "Programming in Python: A First Course" }).click();
  await expect(page).toHaveURL(/\/iu\/shop\/books\/\d+$/);
  await expect(page.getByText("24 copies left")).toBeVisible();
  await page.getByRole("radio", { name: /Hardcover/ }).check();
  await expect(page.getByText("8 copies left")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "One more" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  const panel = page.getByTestId("cart-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("cart-count-badge")).toHaveText("2");
  await page.keyboard.press("Escape");

  // A second printed book, back on the in-stock list.
  await page.goBack();
  await expect(page).toHaveURL(/\/iu\/shop\/available$/);
  await expect(page.getByRole("link", { name: "In stock" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "English Grammar in Practice" }).click();
  await expect(page).toHaveURL(/\/iu\/shop\/books\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "English Grammar in Practice" })).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count-badge")).toHaveText("3");
  await page.getByTestId("cart-checkout").click();
  await expect(page).toHaveURL(/\/iu\/checkout$/);

  // Delivery address: a Spanish postal code for the UK is refused under its field.
  const address = page.getByTestId("shipping-address");
  await address.getByLabel("Full name").fill("Lucía Gómez");
  await address.getByRole("textbox", { name: "Address", exact: true }).fill("10 Downing Street");
  await address.getByLabel("Town or city").fill("London");
  await address.getByLabel("Postal code").fill("28013");
  await address.getByLabel("Town or city").click();
  await expect(address.getByText("The postal code is not valid for this country")).toBeVisible();
  await address.getByLabel("Postal code").fill("SW1A 2AA");
  await expect(address.getByText("The postal code is not valid for this country")).toHaveCount(0);
  // 2 x £24.99 + £21.99 + shipping £3.99 + 2 x £1.50
  await expect(page.getByTestId("pay")).toHaveText("Pay £78.96");
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "shop-checkout-desktop");
  await enterCard(page, "4242 4242 4242 4242");
  await page.getByTestId("pay").click();
  await expect(page.getByTestId("checkout-success")).toBeVisible();

  // The order in the history, being prepared (the thank-you page links to it).
  await page.getByTestId("checkout-success").getByRole("link", { name: "Purchase history" }).click();
  await expect(page).toHaveURL(/\/iu\/profile\/history$/);
  const purchase = page.getByTestId("purchase").first();
  await expect(purchase).toContainText("Programming in Python: A First Course (Hardcover)");
  await expect(purchase).toContainText("English Grammar in Practice (Paperback)");
  await expect(purchase).toContainText("SW1A 2AA");
  await expect(purchase.getByTestId("fulfilment")).toContainText("Preparing");
  await expectAccessible(page);

  // The administrator ships it with a tracking reference.
  const adminContext = await browser.newContext({ viewport: desktop });
  const admin = await adminContext.newPage();
  await logIn(admin, "admin");
  await admin.goto("/af/products-overview?tab=shipments");
  const order = admin.getByTestId("shipments").getByRole("listitem").filter({ hasText: learner.username });
  await expect(order).toContainText("Programming in Python: A First Course (Hardcover)");
  await order.getByRole("button", { name: "Mark packed" }).click();
  await expect(order).toContainText("Packed");
  await expectAccessible(admin);
  await order.getByRole("button", { name: "Mark shipped" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Tracking reference").fill("RM123456785GB");
  await dialog.getByLabel("Carrier (optional)").fill("Royal Mail");
  await dialog.getByRole("button", { name: "Mark shipped" }).click();
  await expect(order).toContainText("Shipped");
  await expect(order).toContainText("RM123456785GB");
  await saveScreenshot(admin, "shop-admin-shipments-desktop");
  await adminContext.close();

  // The learner is notified, and the history shows it on its way.
  const notes = await page.request.get("/api/iu/notifications/me", {
    headers: { authorization: `Bearer ${token}` },
  });
  const titles = (await notes.json()).data.map((n: { title: string }) => n.title);
  expect(titles).toContain("Your order is on its way");
  await page.reload();
  const shipped = page.getByTestId("purchase").first().getByTestId("fulfilment");
  await expect(shipped).toContainText("Shipped");
  await expect(shipped).toContainText("Royal Mail · Tracking: RM123456785GB");
  await saveScreenshot(page, "shop-history-desktop");
});

// Pictures only (`npm run test:visual`): the journey above opens the shop, a book and the admin's
// shipments; the accessibility tour scans the shop's pages and checks each at desktop and phone width.
const visualOnly = writeScreenshots ? test : test.skip;
for (const { locale, theme } of looks) {
  visualOnly(
    `screenshots of the shop and its back office (${locale}, ${theme})`,
    async ({ page, browser }) => {
      test.setTimeout(120_000);
      const name = (n: string) => `shop-${n}-${locale}-${theme === "day-mode" ? "day" : "night"}`;
      const shoot = (p: Page, n: string) => shootBoth(p, name(n));
      await logIn(page, "ana", { locale, theme });
      await page.goto("/iu/shop");
      await expect(page.getByRole("list").getByRole("article").first()).toBeVisible();
      await shoot(page, "list");
      const python = await productId(page, "Programming in Python: A First Course");
      await page.goto(`/iu/shop/books/${python}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shoot(page, "product");

      const context = await browser.newContext({ viewport: desktop });
      const admin = await context.newPage();
      await logIn(admin, "admin", { locale, theme });
      await admin.goto("/af/products");
      await expect(admin.getByRole("table")).toBeVisible();
      await shoot(admin, "admin-products");
      await admin.goto(`/af/products/${python}`);
      await expect(admin.getByLabel(locale === "es" ? "Título (inglés)" : "Title (English)")).toHaveValue(
        "Programming in Python: A First Course",
      );
      await shoot(admin, "admin-product-form");
      await admin.goto("/af/products-overview");
      await expect(admin.getByRole("table")).toBeVisible();
      await shoot(admin, "admin-overview");
      await admin.goto("/af/stock-requests-overview");
      await expect(admin.getByRole("table")).toBeVisible();
      await shoot(admin, "admin-stock-requests");
      await admin.goto("/af/shop-categories");
      await expect(admin.getByRole("table")).toBeVisible();
      await shoot(admin, "admin-categories");
      await context.close();
    },
  );
}
