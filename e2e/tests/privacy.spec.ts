/**
 * The privacy desk (docs/privacy.md): a learner asks for a copy of their data from the profile and
 * downloads it once the background job has built it (no administrator involved); a privacy manager
 * erases an account pending deletion from /af/privacy-requests. Screenshots: phone and desktop,
 * English by day and Spanish by night.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "../support/fixtures";
import { expectNoAccessibilityViolations } from "../support/helpers";
import { logIn, newLearner, shootBoth, startAs, tokenFor } from "../support/session";

test("a learner asks for their data and downloads it once it is ready", async ({ page }) => {
  const person = await newLearner(page);
  await startAs(page, await tokenFor(page, person.username, person.password));
  await page.goto("/iu/profile/info");
  const card = page.locator("#my-data");
  await expect(card.getByRole("heading", { name: "Your data" })).toBeVisible();
  await card.getByRole("button", { name: "Download my data" }).click();
  // The job builds the file in the background; the card looks again every few seconds.
  await expect(card.getByText(/Your copy is ready/)).toBeVisible({ timeout: 45_000 });
  await card.scrollIntoViewIfNeeded();
  // The page ends with this card, so the button stays at the window's bottom edge, where the
  // "preparing" and "new notification" toasts sit until they time out (not while the pointer,
  // left where "Download my data" was, rests on them); a reader moves the pointer and waits.
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download (JSON)" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8"));
  expect(data.account.username).toBe(person.username);
  expect(data.account.email).toBe(person.email);
  expect(JSON.stringify(data)).not.toContain("password_hash");
  // The learner was told in the app; that notice only marks itself read (nothing to open).
  await page.goto("/iu/profile/info");
  await expect(card.getByText(/Your copy is ready/)).toBeVisible();
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByTestId("notification-bell").click();
  await page
    .getByRole("dialog", { name: "Notifications" })
    .getByText("Your data is ready to download")
    .click();
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
  await expect(page).toHaveURL(/\/iu\/profile\/info$/);
  await page.keyboard.press("Escape");
  await shootBoth(page, "privacy-my-data-en-day");
});

// The profile card in Spanish at night: profile.spec.ts's Spanish pages (the same profile page).

test("a privacy manager erases an account pending deletion", async ({ page }) => {
  const person = await newLearner(page);
  const token = await tokenFor(page, person.username, person.password);
  const gone = await page.request.delete("/api/iu/me", {
    headers: { authorization: `Bearer ${token}` },
    data: { feedback: "I no longer need the platform, thank you", username: person.username },
  });
  expect(gone.status(), await gone.text()).toBe(200);

  await logIn(page, "admin");
  await page.goto("/af/privacy-requests");
  await expect(page.getByRole("heading", { name: "Privacy requests", level: 1 })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(person.username) });
  await expect(row).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await shootBoth(page, "privacy-desk-en-day");

  await row.getByRole("button", { name: "Erase now" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(`Erase ${person.username} now?`)).toBeVisible();
  await dialog.getByLabel(/Reason/).fill("Asked by email to erase at once");
  await dialog.getByRole("button", { name: "Erase now" }).click();
  await expect(page.getByText("The account has been erased")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The erased person can no longer log in.
  const login = await page.request.post("/api/auth/login", {
    data: { login: person.username, password: person.password },
  });
  expect(login.status()).not.toBe(200);

  await page.getByRole("tab", { name: "Data copies" }).click();
  await expect(page).toHaveURL(/\/af\/privacy-requests\?(.*&)?tab=exports(&|$)/);
  await expect(page.getByRole("tab", { name: "Data copies", selected: true })).toBeVisible();
  await shootBoth(page, "privacy-exports-en-day");
});

// The e-books page's axe: the accessibility tour (a back-office menu page); here its
// access dialog, and its looks in Spanish at night (the longer words).
test("the privacy desk and the e-books page in Spanish at night", async ({ page }) => {
  await logIn(page, "admin", { locale: "es", theme: "night-mode" });
  await page.goto("/af/privacy-requests");
  await expect(page.getByRole("heading", { name: "Solicitudes de privacidad", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Pendientes de eliminación" })).toBeVisible();
  await shootBoth(page, "privacy-desk-es-night");

  await page.goto("/af/ebooks");
  await expect(page.getByRole("heading", { name: "Libros electrónicos", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await shootBoth(page, "privacy-ebooks-es-night");
  await page
    .getByRole("button", { name: /Gestionar el acceso/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await shootBoth(page, "privacy-ebook-access-es-night");
});
