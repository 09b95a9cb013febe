/**
 * The profile area is reached from the dashboard card, the sidebar's Settings and
 * the account menu, and every page of it is one click away in its own navigation (a select on
 * phones, without payment settings for a child). Also the delete-account form's message for a
 * wrongly typed username. Screenshots: the area at desktop and phone width, each language and theme.
 */
import { expect, test } from "../support/fixtures";
import { looks, usePreferences } from "../support/helpers";
import { logIn, phone, shootBoth } from "../support/session";

test("the profile area: reached three ways, every page one click away, a child has no payment settings", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, "ana");
  await page.goto("/iu/dashboard");
  await page.getByRole("main").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/iu\/profile\/info$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Account sections" });
  const pages: Array<[string, RegExp, string]> = [
    ["Change password", /\/iu\/profile\/change-password$/, "Change password"],
    ["Payment methods", /\/iu\/profile\/payment$/, "Payment methods"],
    ["Purchase history", /\/iu\/profile\/history$/, "Purchase history"],
    ["Certificates", /\/iu\/profile\/certificates$/, "Certificates"],
    ["Delete account", /\/iu\/profile\/delete-account$/, "Delete account"],
    ["Profile", /\/iu\/profile\/info$/, "Profile"],
  ];
  for (const [link, url, heading] of pages) {
    await nav.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // English by day, the area looks finished as the walk passes (the other looks at the end).
    if (link === "Change password") await shootBoth(page, "profile-area-en-day");
  }

  // The sidebar's Settings and the account menu lead into the area too, from another page of the
  // app (reached through the sidebar: the area is about its links, not about loading a page).
  const sidebar = page.getByRole("navigation", { name: "Main navigation" });
  const toCourses = async () => {
    await sidebar.getByRole("link", { name: "Courses" }).click();
    await expect(page).toHaveURL(/\/iu\/courses$/);
    await expect(page).toHaveTitle("Courses · Aprendo");
  };
  await toCourses();
  await sidebar.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/iu\/profile\/info$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await toCourses();
  await page.getByTestId("profile-menu").click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(nav).toBeVisible();

  // Delete account: a wrongly typed username is said under the field.
  await nav.getByRole("link", { name: "Delete account" }).click();
  await page.getByLabel(/Why are you leaving/).fill("Too busy this year");
  await page.getByLabel(/Type your username/).fill("someone-else");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("The username does not match your account")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // A child on a phone: the select, without payment settings.
  const context = await browser.newContext({ viewport: phone });
  const child = await context.newPage();
  await logIn(child, "leo");
  await child.goto("/iu/profile/history");
  const select = child.getByLabel("Your account");
  await expect(select).toHaveValue("/iu/profile/history");
  await expect(select.locator("option")).toHaveText([
    "Profile",
    "Change password",
    "Purchase history",
    "My library",
    "Certificates",
    "Email reminders",
    "Delete account",
  ]);
  await select.selectOption({ label: "Certificates" });
  await expect(child).toHaveURL(/\/iu\/profile\/certificates$/);
  await context.close();

  for (const { locale, theme } of looks.filter((l) => l.locale !== "en" || l.theme !== "day-mode")) {
    await usePreferences(page, { locale, theme });
    await page.goto("/iu/profile/change-password");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shootBoth(page, `profile-area-${locale}-${theme === "day-mode" ? "day" : "night"}`);
  }
});
