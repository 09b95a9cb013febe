/**
 * Buying, reading, receipts and refunds in one journey, as a new learner and shop staff live it. The browser opens
 * http://127.0.0.1:<port> while PUBLIC_URL names localhost. The learner puts a title, an exam access,
 * an e-book and two copies of a printed book in the cart, applies FIVEOFF, gives a delivery address,
 * pays with the 3-D Secure card (4000 0027 6000 3184) and confirms, and lands on the thank-you page
 * with a readable order number. They read the e-book from "My library" and download its PDF, and
 * check the receipt PDF (fetched by the history's own button) against the history's figures. An
 * administrator finds the order by its number, refunds one line, then the rest; the learner gets a
 * notice and a mail for each refund, with its amount. Each part has its own detailed spec
 * (checkout-origin, library, shop, commerce); this one checks that they work together.
 */
import { readFileSync } from "node:fs";
import { pdfLines } from "../../apps/api/src/commerce/pdf-text.fixtures";
import { expect, type Page, test } from "../support/fixtures";
import { desktop, logIn, newLearner, startAs, tokenFor } from "../support/session";

test.use({ publicHost: "localhost", locale: "en-GB" });

type Outline = { levels: { modules: { id: number; exam_quiz_id: number | null }[] }[] };

/** Algebra Foundations (a paid title) and a module whose exam access is for sale (quizzes seed). */
async function catalogue(page: Page) {
  const list = (await (await page.request.get("/api/courses?per_page=100")).json()).data as {
    id: number;
    title: string;
  }[];
  const algebra = list.find((c) => c.title === "Algebra Foundations")!;
  for (const course of list) {
    const detail = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as Outline;
    const module = detail.levels.flatMap((l) => l.modules).find((m) => m.exam_quiz_id !== null);
    if (module) return { algebra, examCourse: course, module };
  }
  throw new Error("No module exam in the seed");
}

async function productId(page: Page, query: string): Promise<{ id: number; title: string }> {
  const res = await page.request.get(`/api/shop/products?${query}`);
  const found = (await res.json()).data[0] as { id: number; title: string } | undefined;
  expect(found, query).toBeTruthy();
  return found!;
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

/** The money in a history figure ("Subtotal£71.47" → "£71.47"), sign dropped: the PDF writes "-", the page "−". */
const amountIn = (text: string | null) => /£[\d,]+\.\d{2}/.exec(text ?? "")?.[0] ?? "";

test("a new learner buys everything at once from another origin with 3-D Secure; staff refund it in two steps", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  expect(new URL(baseURL!).hostname).toBe("127.0.0.1");
  const { algebra, examCourse, module } = await catalogue(page);
  const ebook = await productId(page, "kind=ebook");
  const grammar = await productId(page, `q=${encodeURIComponent("English Grammar in Practice")}`);
  const learner = await newLearner(page);
  const token = await tokenFor(page, learner.username, learner.password);
  const auth = { authorization: `Bearer ${token}` };
  await startAs(page, token);
  // The exam's title is free: the exam page needs the learner enrolled (commerce.spec.ts does the same).
  const enrol = await page.request.post(`/api/iu/courses/${examCourse.id}/enrol`, { headers: auth });
  expect(enrol.ok(), await enrol.text()).toBe(true);

  // 1. The cart: a title, an exam access, an e-book, two printed copies; FIVEOFF.
  const panel = page.getByTestId("cart-panel");
  const badge = page.getByTestId("cart-count-badge");
  await page.goto(`/iu/courses/${algebra.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(badge).toHaveText("1");
  await page.keyboard.press("Escape");
  await page.goto(`/iu/courses/${examCourse.id}/course-module/${module.id}/quiz`);
  await page.getByTestId("buy-exam").click();
  await expect(badge).toHaveText("2");
  await page.keyboard.press("Escape");
  await page.goto(`/iu/shop/books/${ebook.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(badge).toHaveText("3");
  await page.keyboard.press("Escape");
  await page.goto(`/iu/shop/books/${grammar.id}`);
  await page.getByRole("button", { name: "One more" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(badge).toHaveText("5");
  await expect(panel.getByTestId("cart-line")).toHaveCount(4);
  await panel.getByTestId("coupon-open").click();
  await panel.getByTestId("coupon-input").fill("fiveoff");
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(panel.getByTestId("coupon-applied")).toContainText("FIVEOFF");
  await page.getByTestId("cart-checkout").click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/iu\/checkout$/);
  await expect(page.getByTestId("checkout-items").getByTestId("cart-line")).toHaveCount(4);

  const address = page.getByTestId("shipping-address");
  await address.getByLabel("Full name").fill("Lucía Gómez");
  await address.getByRole("textbox", { name: "Address", exact: true }).fill("10 Downing Street");
  await address.getByLabel("Town or city").fill("London");
  await address.getByLabel("Postal code").fill("SW1A 2AA");
  await enterCard(page, "4000 0027 6000 3184");
  await page.getByTestId("pay").click();
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm payment" }).click();
  const success = page.getByTestId("checkout-success");
  await expect(success).toContainText(/A-\d{6}/);
  await expect(success).toContainText("Algebra Foundations");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/iu\/checkout$/);
  const orderNumber = /A-\d{6}/.exec((await success.textContent()) ?? "")![0];

  // 2. My library: the e-book opens in the viewer, and downloads as a PDF.
  await page.getByRole("navigation").getByRole("link", { name: "My library" }).first().click();
  const entry = page.getByRole("region", { name: ebook.title });
  await expect(entry).toContainText(`Order ${orderNumber}`);
  await entry.getByRole("link", { name: "Read", exact: true }).first().click();
  await expect(page).toHaveURL(/\/iu\/library\/\d+$/);
  // pdf.js starts its worker and draws the page: slow on a loaded machine, hence the longer wait.
  await expect(page.getByRole("img", { name: /page 1 of \d+/ })).toBeVisible({ timeout: 30_000 });
  await page.goBack();
  const downloading = page.waitForEvent("download");
  await entry
    .getByRole("button", { name: /^Download PDF: / })
    .first()
    .click();
  const book = await downloading;
  expect(book.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await book.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // 3. The history's figures, and the receipt the history's own button fetches, agree.
  await page.goto("/iu/profile/history");
  const purchase = page.getByTestId("purchase").filter({ hasText: orderNumber });
  await expect(purchase).toContainText("English Grammar in Practice");
  const figure = async (id: string) => amountIn(await purchase.getByTestId(`figure-${id}`).textContent());
  const figures = {
    Subtotal: await figure("subtotal"),
    Discounts: await figure("discounts"),
    Shipping: await figure("shipping"),
    Total: await figure("total"),
  };
  for (const value of Object.values(figures)) expect(value).toMatch(/^£/);
  await expect(purchase.getByTestId("purchase-amount")).toHaveText(figures.Total);
  const receiptDownload = page.waitForEvent("download");
  await purchase.getByRole("button", { name: "Download receipt (PDF)" }).click();
  const receipt = await receiptDownload;
  expect(receipt.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
  const rows = await pdfLines(readFileSync(await receipt.path()));
  expect(rows.join("\n")).toContain(orderNumber);
  for (const [label, value] of Object.entries(figures)) {
    // The totals close the receipt: a line may be named like a figure (Shipping), so the last row.
    const row = rows.filter((r) => r.startsWith(`${label} |`)).at(-1);
    expect(row, `${label} in the receipt: ${rows.join(" / ")}`).toBeDefined();
    expect(amountIn(row!), label).toBe(value);
  }

  // 4. The administrator finds the order by its number, refunds one line, then the rest.
  const context = await browser.newContext({ viewport: desktop });
  const admin = await context.newPage();
  await logIn(admin, "admin");
  await admin.goto(`/af/orders?search=${orderNumber}`);
  const openOrder = async () => {
    await admin.getByRole("button", { name: orderNumber, exact: true }).click();
    const detail = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
    await expect(detail).toContainText("English Grammar in Practice");
    await detail.getByRole("button", { name: "Refund", exact: true }).click();
    return admin.getByRole("dialog", { name: `Refund order ${orderNumber}` });
  };
  /** Gives a reason, submits, confirms; returns the amount the dialog offered ("£25.47"). */
  const refundWith = async (dialog: ReturnType<Page["getByRole"]>, reason: string) => {
    await dialog.getByLabel("Reason").fill(reason);
    const amount = amountIn(await dialog.getByTestId("refund-submit").textContent());
    await dialog.getByTestId("refund-submit").click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Refund" }).click();
    await expect(dialog).toHaveCount(0);
    await admin
      .getByRole("dialog", { name: `Order ${orderNumber}` })
      .getByRole("button", { name: "Close" })
      .click();
    return amount;
  };
  const row = admin.getByRole("row").filter({ hasText: orderNumber });
  let refund = await openOrder();
  await refund.getByRole("radio", { name: "Some items" }).check();
  await refund.getByRole("checkbox", { name: /Algebra Foundations · / }).check();
  const first = await refundWith(refund, "Bought by mistake");
  await expect(row).toContainText("Partly refunded");
  refund = await openOrder();
  await refund.getByRole("radio", { name: "The whole order" }).check();
  const rest = await refundWith(refund, "Returned the rest");
  await expect(row.getByText("Refunded", { exact: true })).toBeVisible();
  await context.close();
  // The two refunds give back exactly the order's total.
  const pence = (money: string) => Math.round(Number(money.replace(/[£,]/g, "")) * 100);
  expect(pence(first) + pence(rest)).toBe(pence(figures.Total));

  // 5. The learner is told of each refund, with its amount: in the bell and by mail. The first gave
  // back part of the order; the second gave back the rest, so it says the order is now refunded in full.
  await page.goto("/iu/dashboard");
  await page.getByTestId("notification-bell").click();
  const notices = page.getByRole("dialog", { name: "Notifications" });
  await expect(
    notices.getByRole("button", {
      name: `Partial refund of order ${orderNumber} ${first} is on its way back to you.`,
    }),
  ).toBeVisible();
  await expect(
    notices.getByRole("button", {
      name: `Order ${orderNumber} now refunded in full ${rest} is on its way back to you.`,
    }),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(learner.email)}`);
      return (
        ((await res.json()).data as { subject: string; body_text: string }[])
          .filter((m) => /refund/i.test(m.subject))
          // The brand in the subject is the configuration's (BRAND_NAME).
          .map((m) => `${m.subject.replace(/ \S+ order /, " order ")} / ${amountIn(m.body_text)}`)
          .sort()
      );
    })
    .toEqual(
      [
        `Partial refund of your order ${orderNumber} / ${first}`,
        `Your order ${orderNumber} is now refunded in full / ${rest}`,
      ].sort(),
    );
  await page.goto("/iu/profile/history");
  await expect(page.getByTestId("purchase").filter({ hasText: orderNumber })).toContainText("Refunded");
});
