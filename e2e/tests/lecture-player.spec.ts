/**
 * points 1, 3, 4: an author gives a lecture English and Spanish captions and chapters; a
 * learner plays it, changes the speed with the keyboard, turns the Spanish captions on, seeks from
 * the transcript, opens the shortcuts dialog; the editor shows the captions section. Screenshots of
 * the player, the transcript and the editor (desktop and phone) come out under `npm run test:visual`.
 */
import { expect, type Page, test } from "../support/fixtures";
import { expectNoAccessibilityViolations } from "../support/helpers";
import { type Api, call, oneLectureTitle, publishTitle, upload } from "../support/one-lecture-title";
import { handOver, newLearner, roleToken, shootBoth, startAs, tokenFor } from "../support/session";

const vtt = (cues: string[]) =>
  Buffer.from(
    `WEBVTT\n\n${cues.map((text, i) => `00:0${i * 3}.000 --> 00:0${i * 3 + 3}.000\n${text}`).join("\n\n")}\n`,
  );

/** A published free title: one lecture with a short video, captions in both languages and chapters. */
async function captionedTitle(api: Api) {
  const { courseId, lectureId } = await oneLectureTitle(api, {
    name: `Captions Sprint ${Date.now().toString(36)}`,
    about: ["A short captioned lecture", "Una lección corta con subtítulos"],
    level: ["Basics", "Fundamentos"],
    module: ["Start", "Inicio"],
    lecture: ["Greetings", "Saludos"],
    description: ["Say hello.", "Saluda."],
  });
  const captions: Array<[string, string[]]> = [
    ["en", ["Hello and welcome.", "Today we say hello.", "Let us practise."]],
    ["es", ["Hola y bienvenidos.", "Hoy decimos hola.", "Practiquemos."]],
  ];
  for (const [language, cues] of captions)
    await upload(api, `/af/lectures/${lectureId}/captions/${language}`, {
      name: `${language}.vtt`,
      mimeType: "text/vtt",
      buffer: vtt(cues),
    });
  await call(api, "PUT", `/af/lectures/${lectureId}/chapters`, {
    chapters: [
      { title_en: "Welcome", title_es: "Bienvenida", start_seconds: 0 },
      { title_en: "Practice", title_es: "Práctica", start_seconds: 6 },
    ],
  });
  await publishTitle(api, courseId, lectureId);
  return { courseId, lectureId };
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
}) => {
  test.setTimeout(90_000);
  const adminToken = await roleToken("admin");
  const { courseId, lectureId } = await captionedTitle({
    request: page.request,
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

  // The author's captions and chapters section: the administrator's session takes the same page over
  // (a page load: a session starts with the app), rather than a browser context of its own.
  await handOver(page, adminToken);
  const admin = page;
  await admin.goto(`/af/courses/${courseId}?tab=structure&lecture=${lectureId}`);
  const section = admin.getByTestId("captions-section");
  await expect(section.getByText("Español")).toBeVisible();
  await expect(section.getByText("3 lines").first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shootBoth(admin, "lecture-editor-captions-en");
});

/** A new learner enrolled in the demo title Everyday Spanish (HLS in 360p and 720p, chapters). */
async function spanishLearner(page: Page) {
  const person = await newLearner(page);
  const token = await tokenFor(page, person.username, person.password);
  const auth = { authorization: `Bearer ${token}` };
  const found = await page.request.get("/api/iu/search?q=Everyday%20Spanish&source=courses", {
    headers: auth,
  });
  const title = ((await found.json()).data as Array<{ id: number; title: string }>).find(
    (c) => c.title === "Everyday Spanish",
  );
  expect(title, "the demo title Everyday Spanish").toBeDefined();
  expect((await page.request.post(`/api/iu/courses/${title!.id}/enrol`, { headers: auth })).ok()).toBe(true);
  const outline = await (await page.request.get(`/api/iu/courses/${title!.id}`, { headers: auth })).json();
  const [first, second] = outline.levels[0].modules[0].lectures as Array<{ id: number }>;
  return {
    token,
    username: person.username,
    courseId: title!.id as number,
    first: first!.id,
    second: second!.id,
  };
}

test("a learner streams a demo lecture adaptively, seeks from a chapter and lets the countdown open the next lecture", async ({
  page,
  database,
}) => {
  test.setTimeout(90_000);
  const { token, username, courseId, first, second } = await spanishLearner(page);
  // The first lecture was watched before (watching takes real time): the next one is open, so the
  // countdown may run at the end.
  await database.query(
    `INSERT INTO lecture_progress (user_id, lecture_id, course_id, watched_ranges, watched_seconds,
       video_watched_at, completed_at)
     SELECT e.user_id, l.id, l.course_id, jsonb_build_array(jsonb_build_array(0, l.duration_seconds)),
       l.duration_seconds, now(), now()
     FROM lectures l JOIN enrolments e ON e.course_id = l.course_id
     JOIN users u ON u.id = e.user_id
     WHERE l.id = $1 AND u.username = $2`,
    [first, username],
  );
  const segments: Array<{ quality: string; at: number }> = [];
  page.on("request", (request) => {
    const match = /\/hls\/(\d+p)_\d+\.m4s/.exec(request.url());
    if (match) segments.push({ quality: match[1]!, at: Date.now() });
  });
  await startAs(page, token);
  await page.goto(`/iu/courses/${courseId}/lesson/${first}`);
  // The player is its own chunk (media-chrome, then hls.js): on a loaded machine it takes a while.
  await expect(video(page)).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lecture-video]");
    return v !== null && v.readyState >= 1 && Number.isFinite(v.duration);
  });

  // Playing at full speed, hls.js climbs to 720p; Chromium's network emulation then throttles the
  // connection below 720p's bitrate and it falls back to 360p.
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => segments.some((s) => s.quality === "720p"), { timeout: 20_000 }).toBe(true);
  await expectNoAccessibilityViolations(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  // 16 kB/s (128 kbit/s) lies between the demo's 360p (98 kbit/s) and 720p (132 kbit/s) peaks.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: 16_000,
    uploadThroughput: 16_000,
  });
  const throttled = Date.now();

  // A chapter of the list seeks to its start, beyond the 30 s the player buffers ahead, so the
  // segments from there on load throttled and hls.js steps down to 360p.
  await page
    .getByRole("navigation", { name: "Chapters" })
    .getByRole("button", { name: /Numbers one to five/ })
    .click();
  await expect.poll(async () => Math.floor((await state(page)).time)).toBeGreaterThanOrEqual(44);
  await expect
    .poll(() => segments.some((s) => s.quality === "360p" && s.at > throttled), { timeout: 45_000 })
    .toBe(true);
  // Paused, so the lecture does not end (and count down) before the countdown part below.
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The captions menu, open over the video, passes axe too.
  await page
    .getByRole("button", { name: /captions/i })
    .first()
    .click();
  await expect(page.getByRole("menuitemradio", { name: "Español" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Escape");

  // The end: a 5-second countdown; Cancel keeps the learner here, the next end lets it run.
  const toTheEnd = () =>
    video(page).evaluate(async (v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 1);
      await v.play();
    });
  await toTheEnd();
  const countdown = page.getByTestId("next-countdown");
  await expect(countdown).toBeVisible({ timeout: 15_000 });
  await countdown.getByRole("button", { name: "Cancel" }).click();
  await expect(countdown).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/lesson/${first}$`));
  await toTheEnd();
  await expect(countdown).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/lesson/${second}$`), { timeout: 10_000 });
});
