/**
 * Reading a bought e-book, as a new learner lives it: buy an e-book in the shop with the sandbox card, follow
 * "Read now" from the thank-you page into the viewer and turn a page, find it in "My library" with
 * that progress, download the stamped PDF, and see the shop say "Owned — read now" instead of
 * "Add to cart" (and the title's page offers it to read). Then My library at desktop and phone
 * width in each language and theme.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "../support/fixtures";
import { looks, usePreferences } from "../support/helpers";
import { newLearner, shootBoth, startAs, tokenFor } from "../support/session";

async function enterCard(page: Page, number: string) {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel("Name on card").fill("Lucía Gómez");
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await frame.getByRole("button", { name: "Use this card" }).click();
  await expect(page.getByTestId("new-card-ready")).toBeVisible();
}

test("a new learner buys an e-book, reads it from the thank-you page, finds it in My library and downloads it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const learner = await newLearner(page);
  const token = await tokenFor(page, learner.username, learner.password);
  await startAs(page, token);

  const list = await page.request.get("/api/shop/products?kind=ebook");
  const product = (await list.json()).data[0] as { id: number; title: string };
  await page.goto(`/iu/shop/books/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByTestId("cart-checkout").click();
  await expect(page).toHaveURL(/\/iu\/checkout$/);
  await enterCard(page, "4242 4242 4242 4242");
  await page.getByTestId("pay").click();
  const success = page.getByTestId("checkout-success");
  await expect(success).toContainText(/E-book: /);

  // "Read now" opens the viewer at the first page; turning the page is remembered on the server.
  // Until the library answers, "Read now" leads to the library itself; then to the e-book.
  const readNow = success.getByRole("link", { name: "Read now" });
  await expect(readNow).toHaveAttribute("href", /\/iu\/library\/\d+$/);
  await readNow.click();
  await expect(page).toHaveURL(/\/iu\/library\/\d+$/);
  // pdf.js starts its worker and draws the page: slow on a loaded machine, hence the longer wait.
  await expect(page.getByRole("img", { name: /page 1 of \d+/ })).toBeVisible({ timeout: 30_000 });
  const saved = page.waitForResponse((r) => /\/api\/iu\/ebooks\/\d+\/last-page$/.test(r.url()) && r.ok());
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("img", { name: /page 2 of \d+/ })).toBeVisible({ timeout: 30_000 });
  await saved;
  // The page's words lie in pdf.js's text layer over the image: selectable, searchable, read aloud.
  await expect(page.getByTestId("pdf-text")).toContainText(/\p{L}{4,}/u);
  // The last page by keyboard: "Next page" keeps focus there (marked unavailable), never the page's start.
  const pages = Number(await page.getByTestId("pdf-pages").textContent());
  await page.getByTestId("pdf-page").fill(String(pages - 1));
  await page.keyboard.press("Enter");
  const next = page.getByTestId("pdf-next");
  await next.focus();
  const savedLast = page.waitForResponse(
    (r) =>
      /\/api\/iu\/ebooks\/\d+\/last-page$/.test(r.url()) &&
      r.ok() &&
      r.request().postDataJSON()?.page === pages,
  );
  await page.keyboard.press("Enter");
  await expect(page.getByRole("img", { name: new RegExp(`page ${pages} of ${pages}$`) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute("aria-disabled", "true");
  await savedLast;

  // My library, from the sidebar: the e-book named as the shop names it, with that progress.
  await page.getByRole("navigation").getByRole("link", { name: "My library" }).first().click();
  const entry = page.getByRole("region", { name: product.title });
  await expect(entry).toContainText("E-book");
  await expect(entry).toContainText(/Order A-\d{6}/);
  await expect(entry.getByRole("progressbar").first()).toHaveAttribute(
    "aria-valuetext",
    `Page ${pages} of ${pages}`,
  );
  await expect(entry.getByRole("link", { name: "Continue reading" })).toHaveAttribute(
    "href",
    /\/iu\/library\/\d+$/,
  );
  // English by day, the library looks finished as the journey finds it (the other looks below).
  await shootBoth(page, "library-en-day");

  // The download is a PDF (stamped: the API tests read the stamp back from every page).
  const downloading = page.waitForEvent("download");
  await entry
    .getByRole("button", { name: /^Download PDF: / })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // The title's page offers the bought e-book to read.
  await entry.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/iu\/courses\/\d+$/);
  await expect(
    page.getByTestId("owned-notes").getByRole("link", { name: "Owned — read now" }),
  ).toHaveAttribute("href", /\/iu\/library\/\d+$/);

  // Never sold twice: the shop opens it instead.
  await page.goto(`/iu/shop/books/${product.id}`);
  await expect(page.getByRole("link", { name: "Owned — read now" })).toHaveAttribute(
    "href",
    /\/iu\/library\/\d+$/,
  );
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  for (const { locale, theme } of looks.filter((l) => l.locale !== "en" || l.theme !== "day-mode")) {
    await usePreferences(page, { locale, theme });
    await page.goto("/iu/library");
    await expect(page.getByRole("region", { name: /./ }).first()).toBeVisible();
    await shootBoth(page, `library-${locale}-${theme === "day-mode" ? "day" : "night"}`);
  }
});
