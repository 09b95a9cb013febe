/**
 * The certificate journey of a new learner and the course editor's preview.
 *
 * An administrator builds a tiny one-lecture title through the API (a 15-second video), previews it
 * as a learner at /af/courses/:id/preview (banner, video plays, no progress is reported), opens the
 * uploaded PDF from the editor and publishes it. A brand-new learner enrols, watches the lecture to
 * the end, finds the certificate locked with the missing steps listed, fills the profile, uploads a
 * photo and an identity document; the administrator approves both at /af/pending-approval-requests;
 * the learner downloads the PDF, the Open Badges 3.0 credential (.jwt) and the baked PNG badge (issue
 * 26), and a guest opens the verification link, then uploads the badge on the public "verify a
 * credential" page: valid; once staff revoke the certificate, the same badge verifies as revoked.
 * Night-mode screenshots (phone and desktop, en and es) of the profile, certificate and review pages,
 * and the certificate PDF rendered to an image when pdftoppm is installed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import { PDFDocument } from "pdf-lib";
import { expect, type Page, test } from "../support/fixtures";
import { expectNoAccessibilityViolations, writeScreenshots } from "../support/helpers";
import { type Api, call, oneLectureTitle, publishTitle, upload } from "../support/one-lecture-title";
import { newLearner, roleToken, shootBoth, startAs, tokenFor } from "../support/session";

const root = path.resolve(import.meta.dirname, "..", "..");
const screenshots = path.join(root, "e2e", "screenshots");

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

/** A real one-page PDF (the identity document and the lecture's e-book). */
async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 595]);
  page.drawText(text, { x: 40, y: 520, size: 18 });
  return Buffer.from(await pdf.save());
}

/** A draft title with one level, one module and one lecture with a 15-second video and a PDF. */
async function buildTinyTitle(api: Api, name: string) {
  const ids = await oneLectureTitle(api, {
    name,
    about: ["One short lecture to earn a certificate", "Una lección corta para conseguir un certificado"],
    level: ["Basics", "Fundamentos"],
    module: ["Getting started", "Primeros pasos"],
    lecture: ["Welcome", "Bienvenida"],
    description: ["A quick welcome.", "Una bienvenida rápida."],
  });
  await upload(
    api,
    `/af/lectures/${ids.lectureId}/ebooks`,
    { name: "workbook.pdf", mimeType: "application/pdf", buffer: await onePagePdf("Workbook") },
    { title_en: "Workbook", title_es: "Cuaderno" },
  );
  return ids;
}

/** Plays the lecture video at 2x (muted) until it ends: every second is really played. */
async function watchToTheEnd(page: Page) {
  await expect(page.getByTestId("lecture-video")).toBeVisible();
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lecture-video]");
    return v !== null && v.readyState >= 1 && Number.isFinite(v.duration);
  });
  await page.evaluate(async () => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lecture-video]")!;
    v.muted = true;
    v.currentTime = 0;
    v.playbackRate = 2;
    const ended = new Promise<void>((resolve) =>
      v.addEventListener("ended", () => resolve(), { once: true }),
    );
    await v.play();
    await ended;
  });
}

/**
 * The languages of the night-mode looks below. The gating run checks each language once and each
 * theme once (helpers.ts, `looks`): English by day (the journey's own pages and pictures), Spanish at
 * night; `npm run test:visual` pictures English at night too.
 */
const nightLocales = writeScreenshots ? (["en", "es"] as const) : (["es"] as const);

test.describe("certificate journey", () => {
  test.setTimeout(240_000);

  test("admin previews a tiny title; a new learner completes it, is verified and downloads a certificate anyone can check", async ({
    page,
    browser,
  }) => {
    // ---- The administrator builds the title and previews it as a learner (nothing is reported).
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminToken = await roleToken("admin");
    await startAs(admin, adminToken);
    const api = { request: admin.request, auth: { authorization: `Bearer ${adminToken}` } };
    const name = `Certificate Sprint ${Date.now().toString(36)}`;
    const { courseId, lectureId } = await buildTinyTitle(api, name);

    const writes: string[] = [];
    admin.on("request", (request) => {
      if (request.method() !== "GET" && /\/api\/iu\//.test(request.url())) writes.push(request.url());
    });
    await admin.goto(`/af/courses/${courseId}`);
    await admin.getByRole("link", { name: "Preview the title" }).click();
    await expect(admin).toHaveURL(new RegExp(`/af/courses/${courseId}/preview$`));
    await expect(admin.getByTestId("preview-banner")).toContainText("Preview");
    await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
    // The draft lecture is in the outline and opens, as every lecture does in preview.
    await expect(
      admin.locator('section[aria-labelledby="outline"]').getByRole("link", { name: /Welcome/ }),
    ).toBeVisible();
    await shootBoth(admin, "authoring-preview-title-en");
    await admin.getByRole("link", { name: "Start learning" }).click();
    await expect(admin).toHaveURL(new RegExp(`/af/courses/${courseId}/preview/lesson/${lectureId}$`));
    await expect(admin.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    // The player is its own chunk: its video exists once that chunk has loaded.
    await expect(admin.getByTestId("lecture-video")).toBeVisible();
    await admin.evaluate(async () => {
      const v = document.querySelector<HTMLVideoElement>("[data-testid=lecture-video]")!;
      v.muted = true;
      v.playbackRate = 4;
      await v.play();
      // Six seconds of the lecture watched (or its end): long enough for the player to report
      // progress, were preview to report it.
      await new Promise<void>((resolve) => {
        const watched = () => {
          if (v.currentTime < 6 && !v.ended) return;
          v.removeEventListener("timeupdate", watched);
          resolve();
        };
        v.addEventListener("timeupdate", watched);
        watched();
      });
      v.pause();
    });
    await admin.getByRole("tab", { name: /E-books/ }).click();
    await admin.getByRole("link", { name: /Workbook/ }).click();
    await expect(admin).toHaveURL(new RegExp(`/af/courses/${courseId}/preview/lesson/${lectureId}/ebook`));
    await expect(admin.getByTestId("preview-banner")).toBeVisible();
    await expect(admin.locator("canvas").first()).toBeVisible();
    await admin.goBack();
    await expect(admin.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    await admin.getByRole("tab", { name: "Notes" }).click();
    await expect(admin.getByText("Notes are not saved in preview.")).toBeVisible();
    await admin.evaluate(() => window.scrollTo(0, 0));
    await shootBoth(admin, "authoring-preview-lecture-en");
    expect(writes).toEqual([]);

    // The editor opens the uploaded PDF (fetched with the session) in a new tab.
    await admin.goto(`/af/courses/${courseId}?tab=structure&lecture=${lectureId}`);
    // The full Chromium shows the PDF in the tab (the tab's address becomes the file's blob: URL);
    // the headless shell has no PDF viewer and saves the same blob: URL as a download from the tab.
    // Either way the tab was given the fetched file. The listener is on before the tab exists.
    let saved = "";
    admin.context().once("page", (opened) =>
      opened.on("download", (download) => {
        saved = download.url();
      }),
    );
    const [tab] = await Promise.all([
      admin.waitForEvent("popup"),
      admin.getByRole("button", { name: "Open Workbook" }).click(),
    ]);
    await expect.poll(() => (tab.url().startsWith("blob:") ? tab.url() : saved)).toMatch(/^blob:/);
    await tab.close();
    await publishTitle(api, courseId, lectureId);

    // ---- A new learner enrols and watches the lecture to the end.
    const person = await newLearner(page);
    await startAs(page, await tokenFor(page, person.username, person.password));
    await page.goto(`/iu/courses/${courseId}`);
    await page.getByRole("button", { name: "Enrol for free" }).click();
    await page.getByRole("link", { name: "Start learning" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    await watchToTheEnd(page);
    await expect(page.getByText("Lecture completed. Well done!")).toBeVisible();

    // The certificate exists but is locked, with the missing steps listed (the profile area from the
    // menu, then its own navigation).
    await page.getByTestId("side-navigation").locator('a[href="/iu/profile"]').click();
    // The area's index opens the profile page: its navigation is the one shown once it is there (a
    // link still on its way out would be waited on for ever).
    await expect(page).toHaveURL(/\/iu\/profile\/info$/);
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await page.locator('a[href="/iu/profile/certificates"]').filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/iu\/profile\/certificates$/);
    await expect(page.getByText("Your certificates are locked")).toBeVisible();
    await expect(page.getByText("Fill all required information in your profile")).toBeVisible();
    await expect(page.getByText("Upload a profile photo and have it verified")).toBeVisible();
    await expect(page.getByText("Upload an identity document and have it verified")).toBeVisible();
    // The lecture and title pages the learner came through stay mounted, hidden, with the name too.
    await expect(page.getByText(name).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "View" })).toHaveCount(0);

    // Profile, photo and identity.
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Address").fill("1 High Street");
    await page.getByLabel("City").fill("London");
    await page.getByLabel("Postal code").fill("SW1A 1AA");
    await page.getByLabel("Country").selectOption("GB");
    await page.getByLabel("Occupation").selectOption("engineering");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();
    const inputs = page.locator("input[type=file]");
    await inputs.nth(0).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: whitePortrait() });
    await page.getByRole("button", { name: "Upload" }).first().click();
    await expect(page.getByText("The profile picture is under verification").first()).toBeVisible();
    await inputs.nth(1).setInputFiles({
      name: "passport.pdf",
      mimeType: "application/pdf",
      buffer: await onePagePdf("Passport"),
    });
    await page.getByRole("button", { name: "Upload" }).last().click();
    await expect(page.getByText("Your identity document is under verification").first()).toBeVisible();

    // ---- The administrator approves both (night-mode screenshots of the review pages first).
    const shootAdmin = async (url: string, shot: string, ready: string) => {
      for (const locale of nightLocales) {
        await admin.evaluate((l) => {
          localStorage.setItem("theme", "night-mode");
          localStorage.setItem("locale", l);
        }, locale);
        await admin.goto(url);
        await expect(admin.locator("html")).toHaveClass(/night-mode/);
        await expect(admin.getByText(ready).first()).toBeVisible();
        await shootBoth(admin, `night-${shot}-${locale}`);
      }
      await admin.evaluate(() => {
        localStorage.setItem("theme", "day-mode");
        localStorage.setItem("locale", "en");
      });
    };
    await shootAdmin("/af/pending-approval-requests", "pending-approvals", `@${person.username}`);
    await admin.goto("/af/pending-approval-requests");
    // Approving needs the document shown in the review pane first (each look is audited).
    for (const kind of ["Photo", "Identity document"]) {
      const entry = admin.getByRole("button", { name: new RegExp(`${kind} · @${person.username}`) });
      await entry.click();
      const pane = admin.getByRole("region", { name: new RegExp(`^${kind} of `) });
      await pane.getByRole("button", { name: /Approve/ }).click();
      await expect(entry).toHaveCount(0);
    }
    await shootAdmin(`/af/certificates?q=${encodeURIComponent(name)}`, "admin-certificates", name);
    await adminContext.close();

    // ---- The learner opens and downloads the certificate (still on the profile: its navigation).
    await page.locator('a[href="/iu/profile/certificates"]').filter({ visible: true }).first().click();
    await expect(page.getByText("Your certificates are locked")).toHaveCount(0);
    await page.getByRole("link", { name: "View" }).click();
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    const code = (await page.getByText(/^Code: /).textContent())?.replace("Code: ", "").trim() ?? "";
    expect(code).toMatch(/^[A-Z0-9]{16}$/);
    await expectNoAccessibilityViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    mkdirSync(screenshots, { recursive: true });
    const file = test.info().outputPath("certificate.pdf");
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    if (existsSync("/usr/bin/pdftoppm"))
      execFileSync("/usr/bin/pdftoppm", [
        "-png",
        "-r",
        "90",
        "-singlefile",
        file,
        path.join(screenshots, "certificate-pdf"),
      ]);

    // ---- The Open Badges 3.0 credential and the badge with the credential baked in.
    const save = async (label: string, fileName: string) => {
      const [saved] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: label }).click(),
      ]);
      const out = test.info().outputPath(fileName);
      await saved.saveAs(out);
      return out;
    };
    expect(readFileSync(await save("Credential (.jwt)", "certificate.jwt"), "utf8")).toMatch(
      /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const badge = await save("Badge (PNG)", "badge.png");
    expect(readFileSync(badge).includes(Buffer.from("iTXtopenbadgecredential"))).toBe(true);
    await expect(page.getByRole("link", { name: "Add to LinkedIn profile" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/,
    );

    // ---- Night-mode screenshots, en and es.
    for (const locale of nightLocales) {
      await page.evaluate(
        ({ locale }) => {
          localStorage.setItem("theme", "night-mode");
          localStorage.setItem("locale", locale);
        },
        { locale },
      );
      // The profile page at night in Spanish is profile.spec.ts's (its first look, locked); here the
      // certificate's own pages.
      await page.goto("/iu/profile/certificates");
      await expect(page.locator("html")).toHaveClass(/night-mode/);
      if (writeScreenshots) {
        await page.locator('a[href="/iu/profile/info"]').filter({ visible: true }).first().click();
        await expect(
          page.getByRole("heading", { level: 1, name: locale === "es" ? "Perfil" : "Profile" }),
        ).toBeVisible();
        await shootBoth(page, `night-profile-info-${locale}`);
        await page.locator('a[href="/iu/profile/certificates"]').filter({ visible: true }).first().click();
      }
      await page.getByRole("link", { name: locale === "es" ? "Ver" : "View" }).click();
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      await shootBoth(page, `night-certificate-${locale}`);
      await page.goto(`/certificates/verify/${code}`);
      await expect(page.getByText(locale === "es" ? /válido/ : "This certificate is valid")).toBeVisible();
      await shootBoth(page, `night-certificate-verify-${locale}`);
    }

    // ---- Anyone can check it: the verification link as a guest.
    const guest = await browser.newContext();
    const visitor = await guest.newPage();
    await visitor.goto(`/certificates/verify/${code}`);
    await expect(visitor.getByText("This certificate is valid")).toBeVisible();
    await expect(visitor.getByText(name)).toBeVisible();
    await expect(visitor.getByText("Lucía Gómez")).toBeVisible();
    await shootBoth(visitor, "certificate-verify-valid-en");
    // The badge file itself, uploaded on the public page: our signature and its status.
    const uploadBadge = async () => {
      await visitor.goto("/certificates/verify");
      await visitor.getByLabel("Credential file").setInputFiles(badge);
    };
    await uploadBadge();
    await expect(visitor.getByRole("status")).toHaveText("Valid credential");
    await expect(visitor.getByText(new RegExp(name))).toBeVisible();
    await shootBoth(visitor, "credential-verify-valid-en");
    // Staff revoke it: the same file now verifies as revoked, with the date.
    const staff = { request: visitor.request, auth: { authorization: `Bearer ${await roleToken("admin")}` } };
    const [certificate] = (
      await (await visitor.request.get(`/api/af/certificates?q=${code}`, { headers: staff.auth })).json()
    ).data;
    await call(staff, "POST", `/af/certificates/${certificate.id}/revoke`, { reason: "Journey check" });
    await uploadBadge();
    await expect(visitor.getByRole("status")).toHaveText("This credential has been revoked");
    await expect(visitor.getByText("Revoked on")).toBeVisible();
    await shootBoth(visitor, "credential-verify-revoked-en");
    for (const locale of nightLocales) {
      await visitor.evaluate((l) => {
        localStorage.setItem("theme", "night-mode");
        localStorage.setItem("locale", l);
      }, locale);
      await visitor.goto("/certificates/verify");
      await visitor.locator("input[type=file]").setInputFiles(badge);
      await expect(visitor.getByRole("status")).toHaveText(
        locale === "es" ? "Esta credencial ha sido revocada" : "This credential has been revoked",
      );
      await shootBoth(visitor, `night-credential-verify-revoked-${locale}`);
    }
    await guest.close();
  });
});
