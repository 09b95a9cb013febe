/**
 * Profile, verification and certificates, as a new learner lives them: the certificates
 * page is locked with the missing steps, the learner fills the profile, uploads a white-background
 * photo and an identity PDF, an administrator approves both at /af/pending-approval-requests, the
 * certificates page opens; anyone can check a code on the public verification page.
 * Screenshots: profile, certificates, review and verification pages, phone and desktop, English by
 * day and Spanish at night.
 */

import jpeg from "jpeg-js";
import { expect, test } from "../support/fixtures";
import { expectNoAccessibilityViolations } from "../support/helpers";
import { logIn, newLearner, shootBoth, startAs, tokenFor } from "../support/session";

function whitePortrait(): Buffer {
  const width = 300;
  const height = 400;
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2.2) / (height / 3);
      if (dx * dx + dy * dy < 1) data.set([120, 85, 70, 255], (y * width + x) * 4);
    }
  return jpeg.encode({ data, width, height }, 90).data;
}

/** A tiny valid PDF (the server checks the content, not the name). */
const samplePdf = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

test.describe("profile and certificates", () => {
  test.setTimeout(180_000);

  test("locked certificates, fill the profile, upload photo and identity, admin approves, certificates open", async ({
    page,
    browser,
  }) => {
    const person = await newLearner(page);
    await startAs(page, await tokenFor(page, person.username, person.password));

    await page.goto("/iu/profile/certificates");
    await expect(page.getByText("Your certificates are locked")).toBeVisible();
    await expect(page.getByText("Fill all required information in your profile")).toBeVisible();
    await shootBoth(page, "profile-certificates-locked-en");

    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Address").fill("1 High Street");
    await page.getByLabel("City").fill("London");
    await page.getByLabel("Postal code").fill("SW1A 1AA");
    await page.getByLabel("Country").selectOption("GB");
    await page.getByLabel("Occupation").selectOption("engineering");
    await page.getByLabel("LinkedIn").fill("not a url");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/valid/i).first()).toBeVisible();
    await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/in/lucia");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();

    const inputs = page.locator("input[type=file]");
    await inputs.nth(0).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: whitePortrait() });
    await page.getByRole("button", { name: "Upload" }).first().click();
    await expect(page.getByText("The profile picture is under verification").first()).toBeVisible();
    await inputs
      .nth(1)
      .setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await page.getByRole("button", { name: "Upload" }).last().click();
    await expect(page.getByText("Your identity document is under verification").first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await shootBoth(page, "profile-info-en");

    // An administrator reviews both uploads.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, "admin");
    await admin.goto("/af/pending-approval-requests");
    await expect(admin.getByRole("heading", { level: 1, name: "Pending approval requests" })).toBeVisible();
    // The review pane: each document shown inline, approved with the A key once it is shown.
    for (const kind of ["Photo", "Identity document"]) {
      const entry = admin.getByRole("button", { name: new RegExp(`${kind} · @${person.username}`) });
      await entry.click();
      await expect(entry).toHaveAttribute("aria-current", "true");
      const pane = admin.getByRole("region", { name: `${kind} of Lucía Gómez` });
      await expect(pane.getByRole("button", { name: /Approve/ })).toBeEnabled();
      if (kind === "Photo") await shootBoth(admin, "profile-pending-approvals-en");
      await admin.keyboard.press("a");
      await expect(entry).toHaveCount(0);
    }
    await admin.goto("/af/certificates");
    await expect(admin.getByRole("heading", { level: 1, name: "Certificates" })).toBeVisible();
    await shootBoth(admin, "profile-admin-certificates-en");
    await adminContext.close();

    // Back on the learner's profile, through its own navigation (no page load).
    await page.locator('a[href="/iu/profile/certificates"]').filter({ visible: true }).first().click();
    await expect(page.getByText("Your certificates are locked")).toHaveCount(0);
    await expect(page.getByText("No certificates yet")).toBeVisible();
    await shootBoth(page, "profile-certificates-en");

    await page.goto("/certificates/verify/ABCDEFGHJKLMNPQR");
    await expect(page.getByText("We could not find a certificate with this code")).toBeVisible();
    await shootBoth(page, "profile-verify-unknown-en");
  });

  // Spanish at night (the other language and theme of helpers.ts's `looks`): the profile page with
  // its "your data" card (privacy.spec.ts asks for the copy), and the locked certificates.
  test("Spanish pages at night", async ({ page }) => {
    const person = await newLearner(page);
    await startAs(page, await tokenFor(page, person.username, person.password), {
      locale: "es",
      theme: "night-mode",
    });
    await page.goto("/iu/profile/info");
    await expect(page.getByRole("heading", { level: 1, name: "Perfil" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/night-mode/);
    const card = page.locator("#my-data");
    await expect(card.getByRole("heading", { name: "Tus datos" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Descargar mis datos" })).toBeVisible();
    await shootBoth(page, "profile-info-es-night");
    // Through the profile area's own navigation (no page load).
    await page.locator('a[href="/iu/profile/certificates"]').filter({ visible: true }).first().click();
    await expect(page.getByText("Tus certificados están bloqueados")).toBeVisible();
    await shootBoth(page, "profile-certificates-locked-es-night");
  });
});
