/**
 * The wish list and review moderation in the browser: a learner hearts a title in
 * the catalogue and finds it on the Wish list page of the menu, then takes it off; a course manager
 * hides a reported review with a reason on the back office's Reviews page and shows it again (so the
 * demo's ratings are as they were for the other specs).
 */
import { expect, test } from "../support/fixtures";
import { logIn } from "../support/session";

const photography = "Digital Photography";

test("a learner keeps a title on the wish list and finds it on the Wish list page", async ({ page }) => {
  await logIn(page, "ana");
  await page.goto("/iu/courses");
  const heart = page.getByRole("button", { name: `Wish list: ${photography}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Added to your wish list")).toBeVisible();

  await page.getByTestId("side-navigation").getByRole("link", { name: "Wish list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wish list" })).toBeVisible();
  const list = page.getByRole("list", { name: "Wish list" });
  await expect(list.getByRole("heading", { level: 2, name: photography })).toBeVisible();
  await list.getByRole("button", { name: `Wish list: ${photography}` }).click();
  await expect(page.getByText("Removed from your wish list")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: photography })).toHaveCount(0);
});

test("a course manager hides a review with a reason and shows it again", async ({ page }) => {
  await logIn(page, "admin");
  await page.goto("/af/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await page.getByLabel("Show").selectOption("all");
  await page.getByLabel("Title").selectOption({ label: photography });
  const table = page.getByRole("table", { name: "Reviews" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: /^Hide / }) })
    .first();
  await row.getByRole("button", { name: /^Hide / }).click();
  const dialog = page.getByRole("dialog", { name: "Hide this review" });
  await dialog.getByLabel(/Reason/).fill("Off topic: about another title");
  await dialog.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByText("The review is hidden")).toBeVisible();
  const hidden = table.getByRole("row").filter({ hasText: "Off topic: about another title" });
  await expect(hidden.getByText("Hidden", { exact: true })).toBeVisible();
  await hidden.getByRole("button", { name: /^Show .* again$/ }).click();
  await expect(page.getByText("The review is visible again")).toBeVisible();
  await expect(table.getByText("Off topic: about another title")).toHaveCount(0);
});
