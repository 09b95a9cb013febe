/**
 * Adverts, salary scales and photo approvals, as an administrator and a learner live them: an advert block made for "course
 * list top" reaches the course list; a country scale is created on the salary-scale page; a photo is
 * reviewed in the approvals pane and approved with the keyboard. Screenshots of the salary-scale page
 * and the review pane at desktop and 768 px wide, in English (day) and Spanish (night).
 */
import jpeg from "jpeg-js";
import { expect, type Page, test } from "../support/fixtures";
import { saveScreenshot } from "../support/helpers";
import { desktop, logIn, newLearner, roleToken, tokenFor } from "../support/session";

const tablet = { width: 768, height: 1024 };

/** A white-background portrait (the photo check wants a white border). */
function whitePortrait(): Buffer {
  const width = 240;
  const height = 320;
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2.2) / (height / 3);
      if (dx * dx + dy * dy < 1) data.set([120, 85, 70, 255], (y * width + x) * 4);
    }
  return jpeg.encode({ data, width, height }, 90).data;
}

/** A 3:1 PNG banner made by the browser (no fixture file). */
async function banner(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 200;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#3730a3";
    g.fillRect(0, 0, 600, 200);
    g.fillStyle = "#ffffff";
    g.font = "bold 48px sans-serif";
    g.fillText("Spring sale", 40, 120);
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  return Buffer.from(base64, "base64");
}

/** The page at desktop and 768 px, in English by day and Spanish at night. */
async function shootWide(page: Page, url: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const [locale, theme] of [
    ["en", "day-mode"],
    ["es", "night-mode"],
  ] as const) {
    await page.evaluate(
      ({ l, t }) => {
        localStorage.setItem("locale", l);
        localStorage.setItem("theme", t);
      },
      { l: locale, t: theme },
    );
    await page.goto(url);
    await ready(page);
    for (const [size, label] of [
      [desktop, "desktop"],
      [tablet, "768"],
    ] as const) {
      await page.setViewportSize(size);
      await saveScreenshot(page, `${name}-${locale}-${label}`);
    }
  }
  await page.setViewportSize(desktop);
  await page.evaluate(() => {
    localStorage.setItem("locale", "en");
    localStorage.setItem("theme", "day-mode");
  });
}

test("an advert block made for 'course list top' reaches learners on the course list", async ({
  page,
  browser,
}) => {
  await logIn(page, "admin");
  const key = `spring_${Date.now().toString(36)}`;
  await page.goto("/af/advertisement-blocks/create");
  await page.getByLabel(/^Name/).fill("Spring sale");
  await page.getByLabel(/^Key/).fill(key);
  await page.getByLabel(/^Shows at/).selectOption({ label: "Course list top" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row", { name: new RegExp(key) })).toContainText("Course list top");

  const auth = { authorization: `Bearer ${await roleToken("admin")}` };
  const blocks = await (await page.request.get("/api/af/advertisement-blocks", { headers: auth })).json();
  const block = blocks.data.find((b: { key: string }) => b.key === key);
  const today = new Date().toISOString().slice(0, 10);
  const made = await page.request.post("/api/af/adverts", {
    headers: auth,
    multipart: {
      data: JSON.stringify({
        block_id: block.id,
        title: { en: "Spring sale on every title", es: "Rebajas de primavera en todos los cursos" },
        starts_on: today,
      }),
      image: { name: "spring.png", mimeType: "image/png", buffer: await banner(page) },
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  const learner = await (await browser.newContext()).newPage();
  await logIn(learner, "ana");
  await learner.goto("/iu/courses");
  const slot = learner.locator('[data-testid="advert-slot"][data-placement="course_list_top"]');
  await expect(slot.getByRole("img", { name: "Spring sale on every title" })).toBeVisible();
  await learner.context().close();
});

test("a salary-scale manager creates a country scale with its effective dates", async ({ page }) => {
  await logIn(page, "admin");
  await page.goto("/af/salary-scales");
  await expect(page.getByRole("heading", { level: 1, name: "Salary scales" })).toBeVisible();
  await page.getByRole("button", { name: "New country scale" }).click();
  const dialog = page.getByRole("dialog", { name: "New country scale" });
  await dialog.getByLabel(/^Country/).fill("ke");
  await dialog.getByLabel(/^Name/).fill("Kenya");
  await dialog.getByLabel(/^Discount/).fill("45");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("salary-scale-row").filter({ hasText: "Kenya" });
  await expect(row).toContainText("45%");
  await expect(row).toContainText("In effect");
  await shootWide(page, "/af/salary-scales", "salary-scales", async (p) => {
    await expect(p.getByTestId("salary-scale-row").filter({ hasText: "Kenya" })).toBeVisible();
  });
});

test("a reviewer opens a photo in the review pane and approves it with the A key", async ({ page }) => {
  const person = await newLearner(page);
  const learnerAuth = { authorization: `Bearer ${await tokenFor(page, person.username, person.password)}` };
  const upload = await page.request.post("/api/iu/profile/photo", {
    headers: learnerAuth,
    multipart: { file: { name: "me.jpg", mimeType: "image/jpeg", buffer: whitePortrait() } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  await logIn(page, "admin");
  await page.goto("/af/pending-approval-requests");
  const entry = page.getByRole("button", { name: new RegExp(`Photo · @${person.username}`) });
  await shootWide(page, "/af/pending-approval-requests", "approvals-review", async (p) => {
    await p.getByRole("button", { name: new RegExp(`@${person.username}`) }).click();
    await expect(p.locator('[data-testid="review-document"] img')).toBeVisible();
  });
  await page.goto("/af/pending-approval-requests");
  await expect(page.getByRole("region", { name: "Keyboard" })).toContainText("Aapprove");
  await entry.click();
  const pane = page.getByRole("region", { name: "Photo of Lucía Gómez" });
  await expect(pane.getByRole("img", { name: "Photo of Lucía Gómez" })).toBeVisible();
  await expect(pane.getByRole("button", { name: /Approve/ })).toBeEnabled();
  await page.keyboard.press("a");
  await expect(entry).toHaveCount(0);
  const profile = await (await page.request.get("/api/iu/profile", { headers: learnerAuth })).json();
  expect(profile.photo.status).toBe("completed");
});
