/**
 * Issue 24 (points 1, 3, 4): an author gives a lecture English and Spanish captions and chapters; a
 * learner plays it, changes the speed with the keyboard, turns the Spanish captions on, seeks from
 * the transcript, opens the shortcuts dialog; the editor shows the captions section. Screenshots of
 * the player, the transcript and the editor (desktop and phone) come out under `npm run test:visual`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "../support/fixtures";
import { expectNoAccessibilityViolations } from "../support/helpers";
import { newLearner, roleToken, shootBoth, startAs, tokenFor } from "../support/session";

const root = path.resolve(import.meta.dirname, "..", "..");
type Api = { request: APIRequestContext; auth: Record<string, string> };

async function call(api: Api, method: "POST" | "PUT", url: string, data?: object) {
  const res = await api.request.fetch(`/api${url}`, { method, headers: api.auth, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

const vtt = (cues: string[]) =>
  Buffer.from(
    `WEBVTT\n\n${cues.map((text, i) => `00:0${i * 3}.000 --> 00:0${i * 3 + 3}.000\n${text}`).join("\n\n")}\n`,
  );

/** A published free title: one lecture with a short video, captions in both languages and chapters. */
async function captionedTitle(api: Api) {
  const name = `Captions Sprint ${Date.now().toString(36)}`;
  const course = await call(api, "POST", "/af/courses", {
    title_en: name,
    title_es: `${name} (ES)`,
    short_description_en: "A short captioned lecture",
    short_description_es: "Una lección corta con subtítulos",
    price_pence: 0,
    is_free: true,
  });
  const level = await call(api, "POST", `/af/courses/${course.id}/levels`, {
    title_en: "Basics",
    title_es: "Fundamentos",
  });
  const module = await call(api, "POST", `/af/levels/${level.id}/modules`, {
    title_en: "Start",
    title_es: "Inicio",
  });
  const lecture = await call(api, "POST", `/af/modules/${module.id}/lectures`, {
    title_en: "Greetings",
    title_es: "Saludos",
    description_en: "Say hello.",
    description_es: "Saluda.",
  });
  const video = readFileSync(path.join(root, "apps/api/src/seed/assets/lecture-b.mp4"));
  const uploads: Array<[string, { name: string; mimeType: string; buffer: Buffer }]> = [
    [`/af/lectures/${lecture.id}/video`, { name: "greetings.mp4", mimeType: "video/mp4", buffer: video }],
    [
      `/af/lectures/${lecture.id}/captions/en`,
      {
        name: "en.vtt",
        mimeType: "text/vtt",
        buffer: vtt(["Hello and welcome.", "Today we say hello.", "Let us practise."]),
      },
    ],
    [
      `/af/lectures/${lecture.id}/captions/es`,
      {
        name: "es.vtt",
        mimeType: "text/vtt",
        buffer: vtt(["Hola y bienvenidos.", "Hoy decimos hola.", "Practiquemos."]),
      },
    ],
  ];
  for (const [url, file] of uploads) {
    const res = await api.request.post(`/api${url}`, { headers: api.auth, multipart: { file } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  }
  await call(api, "PUT", `/af/lectures/${lecture.id}/chapters`, {
    chapters: [
      { title_en: "Welcome", title_es: "Bienvenida", start_seconds: 0 },
      { title_en: "Practice", title_es: "Práctica", start_seconds: 6 },
    ],
  });
  await call(api, "PUT", `/af/lectures/${lecture.id}/status`, { status: "published" });
  await call(api, "PUT", `/af/courses/${course.id}/status`, { status: "published" });
  return { courseId: course.id as number, lectureId: lecture.id as number };
}

const video = (page: Page) => page.getByTestId("lecture-video");
const state = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({
    rate: v.playbackRate,
    time: v.currentTime,
    showing: [...v.textTracks]
      .filter((t) => t.kind === "captions" && t.mode === "showing")
      .map((t) => t.language),
  }));

test("a learner plays a captioned lecture: speed, Spanish captions, transcript, shortcuts; the author's captions section", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminToken = await roleToken("admin");
  await startAs(admin, adminToken);
  const { courseId, lectureId } = await captionedTitle({
    request: admin.request,
    auth: { authorization: `Bearer ${adminToken}` },
  });

  const person = await newLearner(page);
  const token = await tokenFor(page, person.username, person.password);
  const enrolled = await page.request.post(`/api/iu/courses/${courseId}/enrol`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(enrolled.ok()).toBe(true);
  await startAs(page, token);
  await page.goto(`/iu/courses/${courseId}/lesson/${lectureId}`);
  await expect(video(page)).toBeVisible();
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lecture-video]");
    return v !== null && v.readyState >= 1;
  });

  // Play (muted: no autoplay policy in the way), then the speed goes up with ">" and is remembered.
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await page.keyboard.press("k");
  await expect.poll(async () => await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await page.keyboard.press(">");
  await page.keyboard.press(">");
  await expect.poll(async () => (await state(page)).rate).toBe(1.5);
  await page.keyboard.press("k");

  // Spanish captions with C while the page is in Spanish? The learner's interface is English: the
  // captions menu picks Spanish.
  await page
    .getByRole("button", { name: /captions/i })
    .first()
    .click();
  await page.getByRole("menuitemradio", { name: "Español" }).click();
  await expect.poll(async () => (await state(page)).showing).toEqual(["es"]);

  // The transcript seeks on click and highlights the cue playing.
  const transcript = page.getByTestId("transcript");
  await transcript.getByRole("button", { name: /Let us practise/ }).click();
  await expect.poll(async () => Math.round((await state(page)).time)).toBe(6);
  await expect(transcript.getByRole("button", { name: /Let us practise/ })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // "?" lists the shortcuts.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByText("Back 10 seconds")).toBeVisible();
  await shootBoth(page, "lecture-player-help-en");
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Escape");
  await shootBoth(page, "lecture-player-transcript-en");
  await expectNoAccessibilityViolations(page);

  // The author's captions and chapters section.
  await admin.goto(`/af/courses/${courseId}?tab=structure&lecture=${lectureId}`);
  const section = admin.getByTestId("captions-section");
  await expect(section.getByText("Español")).toBeVisible();
  await expect(section.getByText("3 lines").first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shootBoth(admin, "lecture-editor-captions-en");
  await adminContext.close();
});
