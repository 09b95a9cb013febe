import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol, multipart, samplePdf, samplePng } from "../catalog/catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: "GET", url, headers });
const attach = (lectureId: number, headers: Headers, filename: string, data: Buffer, title?: string) => {
  const body = multipart(title ? { title } : {}, { filename, contentType: "application/octet-stream", data });
  return t.app.inject({
    method: "POST",
    url: `/api/af/lectures/${lectureId}/resources`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);

describe("lecture resources", () => {
  it("accepts PDF, ZIP and code files by their content, refuses others, and serves them behind the lecture's lock", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 2, duration: 20 });
    const [first, second] = course.lectureIds as [number, number];

    expect((await attach(first, author.auth, "worksheet.pdf", samplePdf(), "Worksheet")).statusCode).toBe(
      201,
    );
    expect((await attach(first, author.auth, "project.zip", zip)).statusCode).toBe(201);
    expect((await attach(first, author.auth, "hola.py", Buffer.from('print("hola")\n'))).statusCode).toBe(
      201,
    );
    expect((await attach(second, author.auth, "notes.md", Buffer.from("# Notes\n"))).statusCode).toBe(201);
    // A picture renamed .txt, a PDF's name on a PNG, an unknown extension: refused, nothing stored.
    for (const [name, data] of [
      ["photo.txt", samplePng()],
      ["fake.pdf", samplePng()],
      ["tool.exe", Buffer.from("MZ text")],
    ] as const) {
      const refused = await attach(first, author.auth, name, data);
      expect(refused.statusCode, name).toBe(422);
      expect(refused.json().errors.file[0]).toContain("Attach a PDF, a ZIP or a text or code file");
    }

    const ana = await buildLearner(t);
    await enrol(t, ana.id, course.id);
    const list = await get(`/api/iu/lectures/${first}/resources`, ana.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject([
      { title: "Worksheet", file_name: "worksheet.pdf", type: "application/pdf" },
      { title: "project.zip", type: "application/zip" },
      { title: "hola.py", type: "text/x-python" },
    ]);
    const code = list.json().data[2];
    const download = await get(`/api${code.url}`, ana.auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain("attachment");
    expect(download.body).toBe('print("hola")\n');

    // Not enrolled, or the lecture still locked, or another lecture's resource: nothing.
    const ben = await buildLearner(t);
    expect((await get(`/api/iu/lectures/${first}/resources`, ben.auth)).statusCode).toBe(403);
    expect((await get(`/api${code.url}`, ben.auth)).statusCode).toBe(403);
    expect((await get(`/api${code.url}`)).statusCode).toBe(401);
    expect((await get(`/api/iu/lectures/${second}/resources`, ana.auth)).statusCode).toBe(403);
    expect(
      (await get(`/api/iu/lectures/${first}/resources/${code.id + 1000}/file`, ana.auth)).statusCode,
    ).toBe(404);

    // Learners cannot attach; the author removes one and it is gone for learners.
    expect((await attach(first, ana.auth, "mine.txt", Buffer.from("x"))).statusCode).toBe(403);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/lecture-resources/${code.id}`,
      headers: author.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api${code.url}`, ana.auth)).statusCode).toBe(404);
    const extras = (await get(`/api/af/lectures/${first}/media-extras`, author.auth)).json();
    expect(extras.resources.map((r: { file_name: string }) => r.file_name)).toEqual([
      "worksheet.pdf",
      "project.zip",
    ]);
  });
});
