/**
 * Commerce, as a new learner lives it: put a paid title and an exam access in the cart,
 * apply the FIVEOFF coupon, see a declined card (4000 0000 0000 0002) change nothing, pay with the
 * sandbox test card 4242 4242 4242 4242 in the provider's iframe, find the title unlocked and the
 * purchase in the history; then saved cards. Screenshots of the cart, checkout, payment methods and
 * history at phone and desktop width, in English and Spanish, by day and by night; axe on each page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "../support/fixtures";
import { latestMessage, linkIn, looks, saveScreenshot, writeScreenshots } from "../support/helpers";
import { logIn, shootBoth, startAs, tokenFor } from "../support/session";

const password = "Learn-2024!ok";

/** axe on the page's own content and its open dialogs (the shell around it is checked by the shell's tests). */
async function expectAccessible(page: Page, include = "main") {
  const result = await new AxeBuilder({ page })
    .include(include)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // axe.run in the page (and its frames, e.g. the card form) instead of a partial run per frame
    // finished in a blank tab opened and closed for every scan (helpers.ts): the same rules.
    .setLegacyMode(true)
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Registers and verifies a learner through the API (as auth.spec.ts does), then logs in with the token stored. */
async function newLearner(page: Page, prefs: { locale?: string; theme?: string } = {}) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const person = { username: `buyer_${id}`.slice(0, 30), email: `buyer.${id}@example.com` };
  const res = await page.request.post("/api/auth/register", {
    data: {
      first_name: "Bea",
      last_name: "Buyer",
      username: person.username,
      email: person.email,
      email_confirmation: person.email,
      password,
      password_confirmation: password,
      date_of_birth: "1991-04-02",
      terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(linkIn(await latestMessage(page, person.email))).searchParams.get(
    "verification_token",
  );
  expect((await page.request.post("/api/auth/verify", { data: { token } })).ok()).toBe(true);
  const session = await tokenFor(page, person.username, password);
  await startAs(page, session, prefs);
  return { ...person, token: session };
}

type CourseCard = { id: number; title: string; status: string; is_free: boolean; price_pence: number };
type Outline = { levels: { modules: { id: number; exam_quiz_id: number | null }[] }[] };

async function catalogue(page: Page) {
  const list = (await (await page.request.get("/api/courses?per_page=100")).json()).data as CourseCard[];
  const algebra = list.find((c) => c.title === "Algebra Foundations");
  expect(algebra?.price_pence).toBe(2900);
  // The title whose first module has a paid exam (quizzes seed).
  for (const course of list) {
    const detail = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as Outline;
    const module = detail.levels.flatMap((l) => l.modules).find((m) => m.exam_quiz_id !== null);
    if (module) return { algebra: algebra!, examCourse: course, module };
  }
  throw new Error("No module exam in the seed");
}

/** Types a card into the provider's hosted form (an iframe) and hands its token to the page. */
async function enterCard(page: Page, number: string) {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel("Name on card").fill("Bea Buyer");
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await frame.getByRole("button", { name: "Use this card" }).click();
  await expect(page.getByTestId("new-card-ready")).toBeVisible();
}

const badge = (page: Page) => page.getByTestId("cart-count-badge");

test("a new learner buys a title and an exam with a coupon; a declined card changes nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { algebra, examCourse, module } = await catalogue(page);
  const learner = await newLearner(page);
  // The exam's title is free: enrol first, as the exam page needs it.
  const enrol = await page.request.post(`/api/iu/courses/${examCourse.id}/enrol`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(enrol.ok(), await enrol.text()).toBe(true);

  // The paid title goes into the cart, which opens.
  await page.goto(`/iu/courses/${algebra.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const panel = page.getByTestId("cart-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-total")).toHaveText("£29.00");
  await page.keyboard.press("Escape");

  // An exam access from the module exam's page.
  await page.goto(`/iu/courses/${examCourse.id}/course-module/${module.id}/quiz`);
  await page.getByTestId("buy-exam").click();
  await expect(panel.getByTestId("cart-line")).toHaveCount(2);
  await expect(badge(page)).toHaveText("2");
  await expect(page.getByTestId("cart-total")).toHaveText("£34.00");

  // A refused code, then FIVEOFF (£5 off).
  await panel.getByTestId("coupon-open").click();
  await panel.getByTestId("coupon-input").fill("NOSUCHCODE");
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(panel.getByTestId("coupon-error")).toContainText(/coupon/i);
  await panel.getByTestId("coupon-input").fill("fiveoff");
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(panel.getByTestId("coupon-applied")).toContainText("FIVEOFF");
  await expect(page.getByTestId("cart-coupon-discount")).toHaveText("−£5.00");
  await expect(page.getByTestId("cart-total")).toHaveText("£29.00");
  await expectAccessible(page, '[role="dialog"]');

  await page.getByTestId("cart-checkout").click();
  await expect(page).toHaveURL(/\/iu\/checkout$/);
  await expect(page.getByTestId("checkout-items").getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("pay")).toHaveText("Pay £29.00");

  // A declined card: the provider's message, and the cart as it was.
  await enterCard(page, "4000 0000 0000 0002");
  await page.getByTestId("pay").click();
  await expect(page.getByTestId("checkout-declined")).toHaveText("Your card was declined.");
  await expect(page.getByTestId("checkout-items").getByTestId("cart-line")).toHaveCount(2);
  await expect(badge(page)).toHaveText("2");
  await expect(page.getByTestId("cart-total")).toHaveText("£29.00");
  await expectAccessible(page);

  // The test card that pays.
  await enterCard(page, "4242 4242 4242 4242");
  await page.getByTestId("pay").click();
  const success = page.getByTestId("checkout-success");
  await expect(success).toBeVisible();
  await expect(success).toContainText("Algebra Foundations");
  await expect(success).toContainText("£29.00");
  await expect(badge(page)).toHaveCount(0);
  await expectAccessible(page);

  // The title is unlocked: its page no longer asks to buy it.
  await success.getByRole("link", { name: "Open" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/iu/courses/${algebra.id}$`));
  await expect(
    page.getByRole("button", { name: "Start learning" }).or(page.getByText("Enrolled")),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  // The purchase in the history, with its receipt.
  await page.goto("/iu/profile/history");
  const purchase = page.getByTestId("purchase").first();
  await expect(purchase).toContainText("Paid");
  await expect(purchase.getByTestId("purchase-amount")).toHaveText("£29.00");
  await expect(purchase).toContainText("Algebra Foundations");
  await expect(purchase).toContainText("2 items");
  const download = page.waitForEvent("download");
  await purchase.getByRole("button", { name: "Download receipt (PDF)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-A-\d{6}\.pdf$/);
  await expectAccessible(page);

  // Saved cards, through the profile area's navigation: add one through the provider's form, make
  // it default, remove it.
  await page.locator('a[href="/iu/profile/payment"]').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/iu\/profile\/payment$/);
  await page.getByTestId("add-card").click();
  const dialog = page.getByRole("dialog");
  const frame = dialog.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel("Name on card").fill("Bea Buyer");
  await frame.getByLabel("Card number").fill("4242 4242 4242 4242");
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await frame.getByRole("button", { name: "Use this card" }).click();
  await expect(page.getByTestId("saved-card")).toHaveCount(1);
  await expect(page.getByTestId("saved-card")).toContainText("Visa •••• 4242");
  await expect(page.getByTestId("saved-card")).toContainText("Default");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Remove Visa •••• 4242" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No saved cards")).toBeVisible();
});

// The salary-scale application needs the declaration: SalaryScaleSection.test.tsx (the form, in both
// languages) and apps/api/src/commerce/admin.test.ts (the rules).

// Pictures only (`npm run test:visual`): the journey above opens the cart, checkout, history and
// payment methods; the accessibility tour scans them and checks each at desktop and phone width.
const visualOnly = writeScreenshots ? test : test.skip;
for (const look of looks) {
  visualOnly(
    `screenshots: cart, checkout, payment methods and history (${look.locale}, ${look.theme})`,
    async ({ page }) => {
      test.setTimeout(120_000);
      const list = (await (await page.request.get("/api/courses?per_page=100")).json()).data as CourseCard[];
      const paid = list.filter(
        (c) =>
          c.status === "published" && !c.is_free && c.price_pence > 0 && c.title !== "Algebra Foundations",
      );
      const token = await logIn(page, "ana", look);
      // ana's cart: two titles (ana owns the first paid title already). No exam access: ana still has
      // attempts on the seeded exam, and more of them cannot be bought then (the journey above buys one).
      await page.addInitScript(
        ({ items }) => {
          if (sessionStorage.getItem("e2e-cart")) return;
          sessionStorage.setItem("e2e-cart", "1");
          localStorage.setItem("cart", JSON.stringify({ items, updatedAt: Date.now(), coupon: "FIVEOFF" }));
        },
        {
          items: paid
            .slice(0, 2)
            .map((c) => ({ type: "course", id: c.id, name: c.title, price: c.price_pence / 100 })),
        },
      );
      // A saved card to show (once).
      const auth = { authorization: `Bearer ${token}` };
      const cards = (await (await page.request.get("/api/iu/cards", { headers: auth })).json())
        .data as unknown[];
      const cardToken = await page.request.post("/api/payments/sandbox/tokens", {
        data: {
          number: "4242424242424242",
          exp_month: 12,
          exp_year: 2034,
          cvc: "123",
          holder_name: "Ana López",
        },
      });
      if (cards.length === 0) {
        const saved = await page.request.post("/api/iu/cards", {
          headers: auth,
          data: { token: (await cardToken.json()).token, make_default: true },
        });
        expect(saved.status()).toBe(201);
      }

      const name = (page_: string) =>
        `commerce-${page_}-${look.locale}-${look.theme === "day-mode" ? "day" : "night"}`;
      await page.goto("/iu/dashboard");
      await page.getByTestId("cart-button").click();
      await expect(page.getByTestId("coupon-applied")).toBeVisible();
      await shootBoth(page, name("cart"));
      await page.getByTestId("cart-checkout").click();
      await expect(page.getByTestId("pay")).toBeEnabled();
      await expectAccessible(page);
      await shootBoth(page, name("checkout"));
      await page.getByRole("radio").last().check();
      await expect(page.frameLocator('[data-testid="card-frame"]').getByRole("button")).toBeVisible();
      await saveScreenshot(page, `${name("checkout-new-card")}-desktop`);

      await page.goto("/iu/profile/payment");
      await expect(page.getByTestId("saved-card").first()).toBeVisible();
      await expectAccessible(page);
      await shootBoth(page, name("payment"));
      await page.goto("/iu/profile/history");
      await expect(page.getByTestId("purchase").first()).toBeVisible();
      await expectAccessible(page);
      await shootBoth(page, name("history"));
      await page.goto("/iu/sponsor");
      await expect(page.getByTestId("sponsor-form")).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, `${name("sponsor")}-desktop`);
    },
  );
}

// Axe checks these five lists in accessibility.spec.ts (every back-office menu page); here each
// shows its data and looks finished, and the coupons and orders are used.
test("admins see coupons, orders, transactions, refunds and sponsorships", async ({ page }) => {
  await logIn(page, "admin");
  const lists = [
    ["/af/coupons", "Coupons"],
    ["/af/orders", "Orders"],
    ["/af/transactions", "Transactions"],
    ["/af/refunds", "Refunds"],
    ["/af/sponsorships", "Sponsorships"],
  ] as const;
  for (const [index, [path, heading]] of lists.entries()) {
    // One full load; then from list to list through the menu, as the administrator does.
    if (index === 0) await page.goto(path);
    else await page.getByTestId("side-navigation").locator(`a[href="${path}"]`).click();
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator("main table, main [role=status], main h2, main h3").first()).toBeVisible();
    await saveScreenshot(page, `commerce-admin-${path.split("/").pop()}-desktop`);
    if (path === "/af/coupons") {
      await expect(page.getByRole("link", { name: "FIVEOFF", exact: true })).toBeVisible();
      await page.getByRole("link", { name: "New coupon" }).click();
      await page.getByLabel(/^Code/).fill(`SPRING${Date.now() % 100000}`);
      await page
        .getByRole("button", { name: "Create" })
        .or(page.getByRole("button", { name: "New coupon" }))
        .click();
      await expect(page).toHaveURL(/\/af\/coupons$/);
    }
    if (path === "/af/orders") {
      await page
        .getByRole("button", { name: /^(A-\d{6}|#\d+)$/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await saveScreenshot(page, "commerce-admin-order-desktop");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
    }
  }
});
