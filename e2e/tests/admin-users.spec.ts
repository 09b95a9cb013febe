/**
 * Managing users, as a user manager lives it: find a learner, correct their profile, disable them
 * (their login is refused with a clear message) and enable them again; at 390 px the table's rows
 * are labelled cards with no sideways scroll.
 */
import { expect, type Page, test } from "../support/fixtures";
import { desktop, logIn, newLearner, phone } from "../support/session";

async function tryLogIn(page: Page, login: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(/^Username, email or phone number/).fill(login);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

test("a user manager finds a learner, corrects their profile and disables then enables them", async ({
  page,
  browser,
}) => {
  const learner = await newLearner(page);
  await logIn(page, "admin");
  await page.goto("/af/users");
  // Sorting from a header and saved filters (kept in this browser) are the page's own behaviour:
  // apps/web/src/features/backoffice/users.test.tsx, and the server's sorting in
  // apps/api/src/backoffice/sorting.test.ts. Here the manager finds the new learner by name.
  await page.getByLabel("Search").fill(learner.username);
  await expect(page).toHaveURL(/search=learner_/);
  const row = page.getByRole("link", { name: /Lucía Gómez/ });
  await expect(row).toHaveCount(1);

  // At 390 px the row is a card of label/value lines, and nothing scrolls sideways.
  await page.setViewportSize(phone);
  await expect(page.locator("td[data-label='Email or phone']").first()).toBeVisible();
  await page.getByLabel("Sort by").selectOption({ label: "Name (descending)" });
  await expect(page).toHaveURL(/sort=-name/);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize(desktop);

  await row.click();
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit the learner's profile" });
  await dialog.getByLabel(/^City/).fill("Sevilla");
  // The learner form's rules: a new account has no gender yet, and it is required there too.
  await dialog.getByLabel(/^Gender/).selectOption("female");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The profile has been saved")).toBeVisible();
  await expect(page.getByText("Sevilla")).toBeVisible();

  await page.getByRole("button", { name: "Disable" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText("The account has been disabled", { exact: false })).toBeVisible();

  // The learner, in a browser of their own, is refused with a clear message in their language.
  const theirs = await browser.newPage();
  await tryLogIn(theirs, learner.username, learner.password);
  await expect(theirs.locator("#login-error")).toHaveText(
    "This account has been disabled. Please contact support.",
  );

  await page.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByText("The account has been enabled again")).toBeVisible();
  await tryLogIn(theirs, learner.username, learner.password);
  await expect(theirs).not.toHaveURL(/\/login/);
  await theirs.close();
});
