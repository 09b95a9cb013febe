/**
 * Security: uploads are judged by their content, never by the file name or the
 * Content-Type the browser claims. Every upload endpoint gets renamed files whose bytes are
 * something else (an HTML page or a Windows program named .jpg/.pdf/.mp4, an SVG with a script named
 * .png, a PNG named .jpg where only JPEG is allowed, a GIF where GIF is not allowed) and must refuse
 * each with its translated message (asked in Spanish, so the text is proven translated), keep the
 * database as it was, and leave no file in storage. A good file is then accepted, so the refusal
 * is not a broken route. Oversized uploads (413, nothing stored) are here too.
 *
 * Adding an upload endpoint = one entry in `endpoints`.
 */
import { messageKey, messages, translate } from "@aprendo/contract";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuiltUser } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { samplePdf, sampleVideo } from "../catalog/catalog.fixtures";
import {
  adverts,
  courses,
  lectureEbooks,
  lectures,
  products,
  quizzes,
  ticketMessages,
  tickets,
  userProfiles,
} from "../db/schema/index";
import { portrait } from "../profile/profile.fixtures";
import { multipart, pngBytes } from "../tickets/test-support";
import { buildUploadTargets, filesIn } from "./upload-targets.fixtures";

let t: TestApp;
let learner: BuiltUser;
let admin: BuiltUser;
const ids: Record<string, number> = {};

/** Files that lie about what they are. */
const fakes = {
  html: Buffer.from("<!doctype html><html><body><script>window.__xss=1;alert(1)</script></body></html>"),
  exe: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(200, 0)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  png: pngBytes(11, 512),
  gif: Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 1)]),
};
type FakeName = keyof typeof fakes;
type Spoof = { fake: FakeName; filename: string; claimed: string };

const spoof = (fake: FakeName, filename: string, claimed: string): Spoof => ({ fake, filename, claimed });
/** The usual renamed files for an image field. */
const imageSpoofs = [
  spoof("html", "photo.jpg", "image/jpeg"),
  spoof("exe", "photo.png", "image/png"),
  spoof("svg", "photo.png", "image/png"),
];

type Endpoint = {
  name: string;
  user: () => BuiltUser | null;
  method?: "POST" | "PUT";
  url: () => string;
  /** Form fields sent before the file, and the file's field name. */
  fields?: () => Record<string, string | number>;
  field: string;
  spoofs: Spoof[];
  /** What a genuine file looks like for this endpoint. */
  good: () => { filename: string; content: Buffer; type: string };
  status: number;
  /** The refusal's message key (with params) for a given file name. */
  message: (filename: string) => string;
  /** Database state that must not change on a refusal. */
  state: () => Promise<unknown>;
  /** A body over the size limit (413), when the endpoint has its own limit worth proving. */
  tooLarge?: { bytes: number; message: string };
};

const rows = async (table: PgTable) => (await t.deps.db.select({ n: count() }).from(table))[0]!.n;

const endpoints: Endpoint[] = [
  {
    name: "ticket screenshots (learner, new ticket)",
    user: () => learner,
    url: () => "/api/iu/tickets",
    fields: () => ({
      subject_id: ids.subject!,
      description: "The video stops after ten seconds every time.",
    }),
    field: "screenshots",
    spoofs: imageSpoofs,
    good: () => ({ filename: "screen.png", content: pngBytes(21), type: "image/png" }),
    status: 422,
    message: (name) => messageKey("support.screenshotType", { name }),
    state: () => rows(tickets),
  },
  {
    name: "ticket screenshots (guest, new ticket)",
    user: () => null,
    url: () => "/api/tickets",
    fields: () => ({
      email: "guest.uploads@example.com",
      subject_id: ids.subject!,
      description: "The video stops after ten seconds every time.",
    }),
    field: "screenshots",
    spoofs: imageSpoofs,
    good: () => ({ filename: "screen.png", content: pngBytes(22), type: "image/png" }),
    status: 422,
    message: (name) => messageKey("support.screenshotType", { name }),
    state: () => rows(tickets),
  },
  {
    name: "ticket screenshots (reply)",
    user: () => learner,
    url: () => `/api/iu/tickets/${ids.ticket}/messages`,
    fields: () => ({ body: "Here is another screenshot of the problem." }),
    field: "screenshots",
    spoofs: imageSpoofs,
    good: () => ({ filename: "screen.png", content: pngBytes(23), type: "image/png" }),
    status: 422,
    message: (name) => messageKey("support.screenshotType", { name }),
    state: () => rows(ticketMessages),
  },
  {
    name: "profile photo (JPEG only)",
    user: () => learner,
    url: () => "/api/iu/profile/photo",
    field: "file",
    spoofs: [...imageSpoofs, spoof("png", "photo.jpg", "image/jpeg")],
    good: () => ({ filename: "me.jpg", content: portrait(), type: "image/jpeg" }),
    status: 415,
    message: () => "profile.photoType",
    state: async () =>
      (await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, learner.id)))[0]?.photoKey ??
      null,
    tooLarge: { bytes: 10 * 1024 * 1024 + 10, message: messageKey("profile.fileTooLarge", { max: 10 }) },
  },
  {
    name: "identity document",
    user: () => learner,
    url: () => "/api/iu/profile/identity",
    field: "file",
    spoofs: [
      spoof("html", "passport.pdf", "application/pdf"),
      spoof("exe", "passport.jpg", "image/jpeg"),
      spoof("gif", "passport.png", "image/png"),
    ],
    good: () => ({ filename: "passport.pdf", content: samplePdf(), type: "application/pdf" }),
    status: 415,
    message: () => "profile.identityType",
    state: async () =>
      (await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, learner.id)))[0]
        ?.identityKey ?? null,
  },
  {
    name: "course cover",
    user: () => admin,
    url: () => `/api/af/courses/${ids.course}/cover`,
    field: "file",
    spoofs: [...imageSpoofs, spoof("gif", "cover.png", "image/png")],
    good: () => ({ filename: "cover.png", content: pngBytes(31), type: "image/png" }),
    status: 415,
    message: () => messageKey("catalog.fileType", { types: "JPEG, PNG, WebP" }),
    state: async () =>
      (await t.deps.db.select().from(courses).where(eq(courses.id, ids.course!)))[0]!.coverImageKey,
    tooLarge: { bytes: 5 * 1024 * 1024 + 10, message: messageKey("catalog.fileTooLarge", { max: 5 }) },
  },
  {
    name: "lecture video",
    user: () => admin,
    url: () => `/api/af/lectures/${ids.lecture}/video`,
    field: "file",
    spoofs: [
      spoof("html", "lesson.mp4", "video/mp4"),
      spoof("exe", "lesson.webm", "video/webm"),
      spoof("png", "lesson.mp4", "video/mp4"),
    ],
    good: () => ({ filename: "lesson.mp4", content: sampleVideo(), type: "video/mp4" }),
    status: 415,
    message: () => messageKey("catalog.fileType", { types: "MP4, WebM" }),
    state: async () =>
      (await t.deps.db.select().from(lectures).where(eq(lectures.id, ids.lecture!)))[0]!.videoKey,
  },
  {
    name: "lecture e-book (PDF)",
    user: () => admin,
    url: () => `/api/af/lectures/${ids.lecture}/ebooks`,
    field: "file",
    spoofs: [
      spoof("html", "notes.pdf", "application/pdf"),
      spoof("exe", "notes.pdf", "application/pdf"),
      spoof("png", "notes.pdf", "application/pdf"),
    ],
    good: () => ({ filename: "notes.pdf", content: samplePdf(), type: "application/pdf" }),
    status: 415,
    message: () => messageKey("catalog.fileType", { types: "PDF" }),
    state: () => rows(lectureEbooks),
  },
  {
    name: "advert image",
    user: () => admin,
    url: () => "/api/af/adverts",
    fields: () => ({
      data: JSON.stringify({
        block_id: ids.block,
        title: { en: "Summer offer", es: "Oferta de verano" },
        link_url: "https://example.com/offer",
        starts_on: new Date().toISOString().slice(0, 10),
      }),
    }),
    field: "image",
    spoofs: imageSpoofs,
    good: () => ({ filename: "ad.png", content: pngBytes(41), type: "image/png" }),
    status: 422,
    message: () => "adverts.imageType",
    state: () => rows(adverts),
  },
  {
    name: "shop product image",
    user: () => admin,
    url: () => `/api/af/products/${ids.product}/image`,
    field: "image",
    spoofs: [...imageSpoofs, spoof("gif", "book.png", "image/png")],
    good: () => ({ filename: "book.png", content: pngBytes(51), type: "image/png" }),
    status: 422,
    message: () => "shop.imageType",
    state: async () =>
      (await t.deps.db.select().from(products).where(eq(products.id, ids.product!)))[0]!.imageKey,
  },
  {
    name: "quiz questions CSV",
    user: () => admin,
    url: () => "/api/af/quizzes/bulk-upload",
    field: "file",
    spoofs: [spoof("exe", "questions.csv", "text/csv"), spoof("png", "questions.csv", "text/csv")],
    good: () => ({
      filename: "questions.csv",
      content: Buffer.from("not,a,valid,header\n"),
      type: "text/csv",
    }),
    status: 422,
    message: () => "quizzes.bulkNotCsv",
    state: () => rows(quizzes),
  },
];

function send(endpoint: Endpoint, file: { filename: string; content: Buffer; type: string }) {
  const form = multipart(endpoint.fields?.() ?? {}, [
    { field: endpoint.field, filename: file.filename, content: file.content, type: file.type },
  ]);
  return t.app.inject({
    method: endpoint.method ?? "POST",
    url: endpoint.url(),
    headers: { ...(endpoint.user()?.auth ?? {}), ...form.headers, "x-language-id": "2" },
    payload: form.payload,
  });
}

const es = (key: string) => translate(messages, "es", key);

beforeAll(async () => {
  t = await createTestApp();
  const targets = await buildUploadTargets(t);
  learner = targets.learner;
  admin = targets.admin;
  Object.assign(ids, targets);
}, 60_000);
afterAll(() => t.close());

describe("uploads with spoofed types", () => {
  const cases = endpoints.flatMap((endpoint) =>
    endpoint.spoofs.map((s) => [`${endpoint.name}: ${s.fake} named ${s.filename}`, endpoint, s] as const),
  );
  it.each(cases)("refuses %s and stores nothing", async (_name, endpoint, s) => {
    const before = { state: await endpoint.state(), files: await filesIn(t.config.dataDir) };
    const res = await send(endpoint, { filename: s.filename, content: fakes[s.fake], type: s.claimed });
    expect(res.statusCode, res.body).toBe(endpoint.status);
    expect(res.json().message).toBe(es(endpoint.message(s.filename)));
    expect(res.json().message).not.toBe(endpoint.message(s.filename)); // a text, not a key
    expect(await endpoint.state()).toEqual(before.state);
    expect(await filesIn(t.config.dataDir)).toEqual(before.files);
  });

  it.each(endpoints.map((e) => [e.name, e] as const))(
    "accepts a genuine file: %s",
    async (_name, endpoint) => {
      const res = await send(endpoint, endpoint.good());
      // The CSV check passes the file type and then judges its columns (422 with line errors).
      if (endpoint.name.includes("CSV")) {
        expect(res.statusCode).toBe(422);
        expect(res.json().message).not.toBe(es("quizzes.bulkNotCsv"));
      } else expect(res.statusCode, res.body).toBeLessThan(300);
    },
  );
});

describe("oversized uploads", () => {
  it.each(endpoints.filter((e) => e.tooLarge).map((e) => [e.name, e] as const))(
    "answers 413 and stores nothing: %s",
    async (_name, endpoint) => {
      const before = { state: await endpoint.state(), files: await filesIn(t.config.dataDir) };
      const big = Buffer.concat([portrait(), Buffer.alloc(endpoint.tooLarge!.bytes, 0)]);
      const res = await send(endpoint, { filename: "big.jpg", content: big, type: "image/jpeg" });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe(es(endpoint.tooLarge!.message));
      expect(await endpoint.state()).toEqual(before.state);
      expect(await filesIn(t.config.dataDir)).toEqual(before.files);
    },
  );

  it("answers 413 to screenshots over their limit and creates no ticket", async () => {
    const endpoint = endpoints[0]!;
    const before = { state: await endpoint.state(), files: await filesIn(t.config.dataDir) };
    const res = await send(endpoint, {
      filename: "huge.png",
      content: pngBytes(99, 12 * 1024 * 1024),
      type: "image/png",
    });
    expect([413, 422], res.body).toContain(res.statusCode);
    expect(res.json().message).toMatch(/KB|MB|grande|ocupa/);
    expect(await endpoint.state()).toEqual(before.state);
    expect(await filesIn(t.config.dataDir)).toEqual(before.files);
  });
});

describe("oversized JSON bodies", () => {
  /** 1 MB is the API's JSON limit (app.ts); these bodies are just over it. */
  const huge = "x".repeat(1024 * 1024 + 100);
  const routes: Array<{
    name: string;
    method: "POST" | "PUT";
    url: () => string;
    user: () => BuiltUser | null;
    body: () => unknown;
  }> = [
    {
      name: "login (public)",
      method: "POST",
      url: () => "/api/auth/login",
      user: () => null,
      body: () => ({ login: huge, password: "x" }),
    },
    {
      name: "lecture note (learner)",
      method: "PUT",
      url: () => `/api/iu/lectures/${ids.lecture}/note`,
      user: () => learner,
      body: () => ({
        content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: huge }] }] },
      }),
    },
    {
      name: "profile (learner)",
      method: "PUT",
      url: () => "/api/iu/profile",
      user: () => learner,
      body: () => ({ first_name: huge }),
    },
    {
      name: "FAQ entry (administrator)",
      method: "POST",
      url: () => "/api/af/faqs/entries",
      user: () => admin,
      body: () => ({ category_id: 1, question: { en: huge, es: huge }, answer: { en: "a", es: "a" } }),
    },
  ];
  it.each(routes.map((r) => [r.name, r] as const))(
    "answers 413 with the translated message: %s",
    async (_n, route) => {
      const res = await t.app.inject({
        method: route.method,
        url: route.url(),
        headers: { ...(route.user()?.auth ?? {}), "x-language-id": "2", "content-type": "application/json" },
        payload: JSON.stringify(route.body()),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: es("error.payloadTooLarge") });
    },
  );
});
