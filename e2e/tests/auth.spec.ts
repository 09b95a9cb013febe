/**
 * Accounts, as a new user lives them: register, verify from the outbox, log in, change
 * the password, log out and in again; a child waits for the guardian; a password reset by email;
 * deleting and restoring an account. Screenshots of every page at phone and desktop width, en and es.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "../support/fixtures";
import {
  expectNoAccessibilityViolations,
  latestMessage,
  linkIn,
  openInApp,
  saveScreenshot,
  usePreferences,
} from "../support/helpers";

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const password = "Learn-2024!ok";

// The cookie notice is the shell's; it is accepted up front so it does not cover the forms.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", "accepted"));
});

/** axe on the page's own content (the learner layout around it is checked by the shell's tests). */
async function expectAccessibleMain(page: Page) {
  const result = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

let counter = 0;
function newPerson(prefix: string) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const digits = String(Math.floor(1e9 + Math.random() * 9e9));
  return {
    username: `${prefix}_${id}`.slice(0, 30),
    email: `${prefix}.${id}@example.com`,
    phone: `+4477${digits.slice(0, 8)}`,
  };
}

/** Screenshots of the current page at desktop and phone width (then back to desktop). */
async function shoot(page: Page, name: string) {
  await page.setViewportSize(desktop);
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(phone);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
}

function yearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
}

async function fillRegistration(
  page: Page,
  person: { username: string; email: string; phone?: string },
  dateOfBirth: string,
) {
  await page.getByLabel(/^First name/).fill("Ana");
  await page.getByLabel(/^Last name/).fill("López");
  await page.getByLabel(/^Date of birth/).fill(dateOfBirth);
  if (person.phone) await page.getByLabel(/^Phone number/).fill(person.phone);
  await page.getByLabel(/^Username/).fill(person.username);
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Repeat the email/).fill(person.email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Repeat the password/).fill(password);
}

async function logIn(page: Page, login: string, secret: string) {
  await page.getByLabel(/^Username, email or phone number/).fill(login);
  await page.getByLabel(/^Password/).fill(secret);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Registers and verifies a learner through the API, as a shortcut for tests about later steps. */
async function verifiedLearner(page: Page) {
  const person = newPerson("learner");
  const res = await page.request.post("/api/auth/register", {
    data: {
      first_name: "Leo",
      last_name: "Martín",
      username: person.username,
      email: person.email,
      email_confirmation: person.email,
      password,
      password_confirmation: password,
      date_of_birth: "1990-05-06",
      terms: true,
    },
  });
  expect(res.status()).toBe(201);
  const token = new URL(linkIn(await latestMessage(page, person.email))).searchParams.get(
    "verification_token",
  );
  expect((await page.request.post("/api/auth/verify", { data: { token } })).ok()).toBe(true);
  return person;
}

/** Logs out through the profile menu of the top bar. */
async function logOut(page: Page) {
  await page.getByTestId("profile-menu").click();
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
}

test("an adult registers, verifies the email, logs in, changes the password, logs out and in again", async ({
  page,
}) => {
  const person = newPerson("adult");
  await page.goto("/register");
  // English, each guest page this journey opens looks finished as it opens (the pages no journey
  // opens: the guest pages' test below).
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  await shoot(page, "auth-register-en");
  await fillRegistration(page, person, "1992-07-14");
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: "Create account" }).click();

  // The phone number given at registration is verified with the SMS code.
  await expect(page.getByRole("heading", { name: "Verify your phone number" })).toBeVisible();
  await expect(page.getByText(/New code available in/)).toBeVisible();
  await shoot(page, "auth-code-en");
  const sms = await latestMessage(page, person.phone);
  const code = /\b(\d{6})\b/.exec(sms.body_text)?.[1] ?? "";
  await page.getByLabel(/^Verification code/).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();

  await expect(page).toHaveURL(/\/register-success\//);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();

  // Not verified yet: login is refused with a way to get the link again.
  await openInApp(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
  await expectNoAccessibilityViolations(page);
  await shoot(page, "auth-login-en");
  // Sent empty, the form says what is missing.
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByLabel(/^Username, email or phone number/)).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "auth-login-errors-en");
  await logIn(page, person.username, password);
  await expect(page.getByRole("button", { name: "Send the link again" })).toBeVisible();

  // The link from the mail verifies the address and leads to the login page with the username.
  await page.goto(linkIn(await latestMessage(page, person.email)));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your email address is verified. You can now log in.")).toBeVisible();
  await expect(page.getByLabel(/^Username, email or phone number/)).toHaveValue(person.username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/iu\/dashboard$/);

  // Change the password.
  await openInApp(page, "/iu/profile/change-password");
  await expect(page.getByLabel(/^Current password/)).toBeVisible();
  await shoot(page, "auth-change-password-en");
  const newPassword = "Better-Pass#2025";
  await page.getByLabel(/^Current password/).fill(password);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat the password/).fill(password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The new password must be different from the current one")).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat the password/).fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed")).toBeVisible();

  await logOut(page);
  await logIn(page, person.email, password);
  await expect(page.getByText("Invalid login credentials").first()).toBeVisible();
  await logIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/iu\/dashboard$/);
});

test("a child cannot log in until the guardian opens the link", async ({ page }) => {
  const child = newPerson("kid");
  const guardian = newPerson("parent");
  await page.goto("/register");
  await fillRegistration(page, { username: child.username, email: child.email }, yearsAgo(9));
  await expect(page.getByText(/Because you are under 13/)).toBeVisible();
  await page.getByLabel(/^Parent or guardian's email/).fill(child.email);
  await page.getByLabel(/^Parent or guardian's phone number/).fill(guardian.phone);
  await page.getByLabel(/I accept the terms/).check();
  await shoot(page, "auth-register-child-en");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("The guardian's email must be different from your own")).toBeVisible();
  await page.getByLabel(/^Parent or guardian's email/).fill(guardian.email);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/register-success\//);
  await expect(page.getByText(/Your parent or guardian will also receive a link/)).toBeVisible();
  await shoot(page, "auth-register-success-en");

  // The child verifies the own email, but the guardian has not confirmed yet.
  await page.goto(linkIn(await latestMessage(page, child.email)));
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, child.username, password);
  await expect(page.getByText(/Your guardian has not confirmed your account yet/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the guardian's link again" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The guardian's link lands on a page that says what happened, not on the child's login form.
  await page.goto(linkIn(await latestMessage(page, guardian.email)));
  await expect(page).toHaveURL(/\/guardian-confirmed$/);
  await expect(page.getByRole("heading", { name: "Account confirmed" })).toBeVisible();
  await expect(page.getByText(`The account ${child.username} is confirmed`)).toBeVisible();
  await page.getByRole("link", { name: "Go to log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, child.username, password);
  await expect(page).toHaveURL(/\/iu\/dashboard$/);
});

test("a forgotten password is reset with the link from the mail", async ({ page }) => {
  const person = await verifiedLearner(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await shoot(page, "auth-reset-password-en");
  await page.getByLabel(/^Email, username or phone number/).fill(person.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await shoot(page, "auth-reset-sent-en");

  await page.goto(linkIn(await latestMessage(page, person.email)));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel(/^New password/).fill("short");
  await page.getByLabel(/^Repeat the password/).fill("different");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Minimum allowed characters is 8")).toBeVisible();
  await expect(page.getByText("Passwords must be identical")).toBeVisible();
  await shoot(page, "auth-reset-token-en");
  const fresh = "Fresh-Start#77";
  await page.getByLabel(/^New password/).fill(fresh);
  await page.getByLabel(/^Repeat the password/).fill(fresh);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your password has been changed. You can now log in.")).toBeVisible();
  await logIn(page, person.username, fresh);
  await expect(page).toHaveURL(/\/iu\/dashboard$/);
});

test("an account is deleted and restored with the link from the mail", async ({ page }) => {
  const person = await verifiedLearner(page);
  await page.goto("/login?redirect=%2Fiu%2Fprofile%2Fdelete-account");
  await logIn(page, person.username, password);
  await expect(page).toHaveURL(/\/iu\/profile\/delete-account$/);
  await page.getByLabel(/^Why are you leaving/).fill("Short");
  await page.getByLabel(/^Type your username/).fill(person.username);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Minimum allowed characters is 10")).toBeVisible();
  await page.getByLabel(/^Why are you leaving/).fill("I finished the course I needed, thank you.");
  await shoot(page, "auth-delete-account-en");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/Your account is scheduled for deletion/)).toBeVisible();

  await logIn(page, person.username, password);
  await expect(page.getByText(/scheduled for deletion/).first()).toBeVisible();

  await page.goto(linkIn(await latestMessage(page, person.email)));
  await expect(page.getByRole("heading", { name: "Restore your account" })).toBeVisible();
  await shoot(page, "auth-restore-en");
  await page.getByRole("button", { name: "Restore my account" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.getByRole("link", { name: "Go to log in" }).click();
  await logIn(page, person.username, password);
  await expect(page).toHaveURL(/\/iu\/dashboard$/);
});

// Leaving an edited profile form asks first: ChangePasswordPage.test.tsx and auth-pages.test.tsx
// (the dialog, staying on the page); the landing on a login's redirect: the delete-account test above.

// One test per language: the tour of eight pages with six axe scans each, side by side on two workers
// instead of one after the other (together they overran a test's minute on a busy machine).
for (const locale of ["en", "es"] as const) {
  test(`the guest pages look finished in ${locale === "en" ? "English" : "Spanish"}, on phones and desktops`, async ({
    page,
  }) => {
    await usePreferences(page, { locale });
    // The first page loads; the others open inside the app, as its links open them (the links from
    // mails, which load, are the journeys' above).
    let loaded = false;
    const open = async (path: string) => {
      if (loaded) await openInApp(page, path);
      else await page.goto(path);
      loaded = true;
    };
    // The login, registration and reset forms in English: the journeys above, as they open them.
    if (locale === "es") {
      await open("/login");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Te damos la bienvenida");
      await expectNoAccessibilityViolations(page);
      await shoot(page, "auth-login-es");

      await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
      await shoot(page, "auth-login-errors-es");

      // /register and /reset-password in English: the accessibility tour's guest pages.
      await open("/register");
      await expectNoAccessibilityViolations(page);
      await shoot(page, "auth-register-es");
    }

    await open("/register-success/ana%40example.com");
    await shoot(page, `auth-register-success-direct-${locale}`);

    await open("/register-resend-link");
    await expectNoAccessibilityViolations(page);
    await shoot(page, `auth-resend-link-${locale}`);

    if (locale === "es") {
      await open("/reset-password");
      await expectNoAccessibilityViolations(page);
      await shoot(page, "auth-reset-password-es");
    }

    await open("/reset-password/not-a-real-token");
    await expect(
      page.getByRole("link", { name: locale === "en" ? "Ask for a new link" : "Pedir un enlace nuevo" }),
    ).toBeVisible();
    await shoot(page, `auth-reset-invalid-${locale}`);

    await open("/restore-account/not-a-real-token");
    await expectNoAccessibilityViolations(page);
    await shoot(page, `auth-restore-${locale}`);
  });
}

test("the account pages of a learner look finished in Spanish and night mode", async ({ page }) => {
  const person = await verifiedLearner(page);
  await usePreferences(page, { locale: "es", theme: "night-mode" });
  // Logged in straight into the account pages (the landing on a login's redirect), and on through the
  // area's own navigation: the dashboard and a page load each are other tests' subjects.
  await page.goto("/login?redirect=%2Fiu%2Fprofile%2Fchange-password");
  await shoot(page, "auth-login-es-night");
  await page.getByLabel(/^Usuario, correo electrónico o teléfono/).fill(person.username);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/iu\/profile\/change-password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cambiar la contraseña");
  await expectAccessibleMain(page);
  await shoot(page, "auth-change-password-es-night");
  await page
    .getByRole("navigation", { name: "Secciones de la cuenta" })
    .getByRole("link", { name: "Eliminar la cuenta" })
    .click();
  await expect(page).toHaveURL(/\/iu\/profile\/delete-account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Eliminar la cuenta" })).toBeVisible();
  await expectAccessibleMain(page);
  await shoot(page, "auth-delete-account-es-night");
});
