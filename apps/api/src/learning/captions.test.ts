import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol, multipart } from "../catalog/catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: "GET", url, headers });
const putCaptions = (lectureId: number, language: string, headers: Headers, text: string | Buffer) => {
  const body = multipart(
    {},
    { filename: `captions.${language}.vtt`, contentType: "text/vtt", data: Buffer.from(text) },
  );
  return t.app.inject({
    method: "POST",
    url: `/api/af/lectures/${lectureId}/captions/${language}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const vtt = (...cues: string[]) => `WEBVTT\n\n${cues.join("\n\n")}\n`;
const english = vtt("00:00.000 --> 00:04.000\nWelcome.", "00:04.000 --> 00:09.500\nToday: greetings.");

describe("captions", () => {
  it("validates a WebVTT file with messages naming the line, in the author's language", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 20 });
    const lectureId = course.lectureIds[0]!;

    const late = await putCaptions(
      lectureId,
      "en",
      author.auth,
      vtt("00:00.000 --> 00:04.000\nHi", "00:15.000 --> 00:30.000\nLate"),
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.file).toEqual([
      "Line 6: the caption ends after the video, which lasts 20 seconds.",
    ]);
    const lateEs = await putCaptions(
      lectureId,
      "en",
      { ...author.auth, "x-language-id": "2" },
      vtt("00:15.000 --> 00:30.000\nx"),
    );
    expect(lateEs.json().errors.file).toEqual([
      "Línea 3: el subtítulo termina después del vídeo, que dura 20 segundos.",
    ]);

    const broken = await putCaptions(lectureId, "en", author.auth, "WEBVTT\n\n00:01 --> 00:02\nx\n");
    expect(broken.json().errors.file[0]).toContain("Line 3 should time a caption");
    const srt = await putCaptions(lectureId, "en", author.auth, "1\n00:00:01,000 --> 00:00:02,000\nx\n");
    expect(srt.json().errors.file).toEqual(["This is not a WebVTT file: its first line must be “WEBVTT”."]);
    const binary = await putCaptions(
      lectureId,
      "en",
      author.auth,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    );
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors.file).toEqual([
      "The caption file must be WebVTT text (UTF-8), not a binary file.",
    ]);
    expect((await putCaptions(lectureId, "fr", author.auth, english)).statusCode).toBe(404);

    const saved = await putCaptions(lectureId, "en", author.auth, english);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe("Captions saved: 2 lines");
    const outline = (await get(`/api/af/courses/${course.id}`, author.auth)).json();
    expect(outline.levels[0].modules[0].lectures[0]).toMatchObject({ has_video: true, has_captions: true });
    const extras = (await get(`/api/af/lectures/${lectureId}/media-extras`, author.auth)).json();
    expect(extras).toMatchObject({
      has_video: true,
      duration_seconds: 20,
      captions: [{ language: "en", cue_count: 2 }],
    });
  });

  it("serves captions with the video's access rules; the lecture lists them and its chapters", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 20 });
    const [first, second] = course.lectureIds as [number, number];
    expect((await putCaptions(first, "en", author.auth, english)).statusCode).toBe(200);
    expect(
      (await putCaptions(first, "es", author.auth, vtt("00:00.000 --> 00:04.000\nBienvenidos."))).statusCode,
    ).toBe(200);
    expect((await putCaptions(second, "en", author.auth, english)).statusCode).toBe(200);
    const chapters = await t.app.inject({
      method: "PUT",
      url: `/api/af/lectures/${first}/chapters`,
      headers: author.auth,
      payload: {
        chapters: [
          { title_en: "Practice", title_es: "Práctica", start_seconds: 10 },
          { title_en: "Greetings", title_es: "Saludos", start_seconds: 0 },
        ],
      },
    });
    expect(chapters.statusCode).toBe(200);

    const ana = await buildLearner(t);
    await enrol(t, ana.id, course.id);
    const lecture = (await get(`/api/iu/lectures/${first}`, { ...ana.auth, "x-language-id": "2" })).json();
    expect(lecture.video.chapters).toEqual([
      { title: "Saludos", start_seconds: 0 },
      { title: "Práctica", start_seconds: 10 },
    ]);
    expect(lecture.video.captions.map((c: { language: string }) => c.language)).toEqual(["en", "es"]);
    const esUrl: string = lecture.video.captions[1].url;
    expect(esUrl).toMatch(new RegExp(`^/api/iu/lectures/${first}/captions/es\\?token=`));
    // The <track> sends no Authorization: the URL's token (the video's) opens it.
    const file = await get(esUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/vtt");
    expect(file.body).toContain("Bienvenidos.");

    // The token is the lecture's: another lecture's captions refuse it; a missing language is a 404.
    const token = esUrl.split("token=")[1];
    expect((await get(`/api/iu/lectures/${second}/captions/en?token=${token}`)).statusCode).toBe(403);
    expect((await get(`/api/iu/lectures/${second}/captions/es`, author.auth)).statusCode).toBe(404);
    // The second lecture is locked for Ana until the first is completed: so are its captions.
    expect((await get(`/api/iu/lectures/${second}/captions/en`, ana.auth)).statusCode).toBe(403);
    // Someone not enrolled gets nothing, with or without a token.
    const ben = await buildLearner(t);
    expect((await get(`/api/iu/lectures/${first}/captions/en`, ben.auth)).statusCode).toBe(403);
    expect((await get(`/api/iu/lectures/${first}/captions/en`)).statusCode).toBe(401);
    expect((await get(`/api/lectures/${first}/preview/captions/en`)).statusCode).toBe(403);

    // Chapters start inside the video, never twice at the same second.
    const after = await t.app.inject({
      method: "PUT",
      url: `/api/af/lectures/${first}/chapters`,
      headers: author.auth,
      payload: { chapters: [{ title_en: "Outro", title_es: "Final", start_seconds: 25 }] },
    });
    expect(after.statusCode).toBe(422);
    expect(after.json().errors["chapters.0.start_seconds"]).toEqual([
      "Chapter “Outro” starts after the end of the video (20 seconds).",
    ]);

    // Removing a language removes its file from the lecture.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/lectures/${first}/captions/es`,
      headers: author.auth,
    });
    expect(removed.statusCode).toBe(200);
    const again = (await get(`/api/iu/lectures/${first}`, ana.auth)).json();
    expect(again.video.captions.map((c: { language: string }) => c.language)).toEqual(["en"]);
    expect((await get(`/api/iu/lectures/${first}/captions/es`, ana.auth)).statusCode).toBe(404);
  });

  it("lets only course managers write captions", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1, duration: 20 });
    const ana = await buildLearner(t);
    expect((await putCaptions(course.lectureIds[0]!, "en", ana.auth, english)).statusCode).toBe(403);
  });
});
