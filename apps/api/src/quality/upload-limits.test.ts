/**
 * Limits that always hold: every size-limited upload route answers 413 with its
 * translated message to a file just over its limit, 20 times out of 20 (the 200 MB video 5 of 5),
 * and stores nothing; a file of exactly the limit is accepted.
 *
 * The review saw 10.01-12 MB uploads accepted in 4 of 5 tries. The limits were binary (10 MB meant
 * 10,485,760 bytes), so every file between 10.00 and 10.48 MB as most systems count them passed a
 * "10 MB" limit; they are now SI units (contract `MB`), the smaller reading. And the parser's own
 * cut, which flags a file `truncated` instead of failing, is no longer trusted: the bytes received
 * are counted (http/multipart.ts). So the bodies here arrive as a network delivers them, in pieces,
 * with or without a declared Content-Length.
 *
 * Adding a limited upload route = one entry in `routes`.
 */
import { Readable } from "node:stream";
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
import { pngBytes } from "../tickets/test-support";
import { buildUploadTargets, filesIn, type UploadTargets } from "./upload-targets.fixtures";

let t: TestApp;
let targets: UploadTargets;

const TRIES = 20;
/**
 * The 200 MB video gets 5 tries of each kind: every route counts its bytes in the same helper
 * (http/multipart.ts), which the other routes try 20 times each; the video's own limit needs no more
 * than a few, and each try streams 200 MB through the parser (its 20 took 86 of the file's 162 s).
 */
const triesFor = (route: LimitedRoute) => (route.maxBytes > 50 * MB ? 5 : TRIES);
/**
 * The limits as the product states them (spec section 9, the messages), written out here rather than
 * read from the contract, so the test holds the product to what it says: 10 MB is 10,000,000 bytes.
 */
const KB = 1_000;
const MB = 1_000_000;

type LimitedRoute = {
  name: string;
  user: () => BuiltUser | null;
  url: () => string;
  fields?: () => Record<string, string | number>;
  field: string;
  maxBytes: number;
  /** The start of a genuine file; zeros pad it to the size under test. */
  head: () => Buffer;
  filename: string;
  type: string;
  /** The 413's message key for a file of this name. */
  message: (filename: string) => string;
  /** Database state a refusal must leave as it was. */
  state: () => Promise<unknown>;
};

const rows = async (table: PgTable) => (await t.deps.db.select({ n: count() }).from(table))[0]!.n;
const profileOf = async () =>
  (await t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, targets.learner.id)))[0];

const routes: LimitedRoute[] = [
  {
    name: "profile photo (10 MB)",
    user: () => targets.learner,
    url: () => "/api/iu/profile/photo",
    field: "file",
    maxBytes: 10 * MB,
    head: () => portrait(),
    filename: "me.jpg",
    type: "image/jpeg",
    message: () => messageKey("profile.fileTooLarge", { max: 10 }),
    state: async () => (await profileOf())?.photoKey ?? null,
  },
  {
    name: "identity document (10 MB)",
    user: () => targets.learner,
    url: () => "/api/iu/profile/identity",
    field: "file",
    maxBytes: 10 * MB,
    head: () => samplePdf(),
    filename: "passport.pdf",
    type: "application/pdf",
    message: () => messageKey("profile.fileTooLarge", { max: 10 }),
    state: async () => (await profileOf())?.identityKey ?? null,
  },
  ...(
    [
      ["learner, new ticket", () => targets.learner, () => "/api/iu/tickets", ticketFields, tickets],
      ["guest, new ticket", () => null, () => "/api/tickets", guestTicketFields, tickets],
      [
        "reply",
        () => targets.learner,
        () => `/api/iu/tickets/${targets.ticket}/messages`,
        () => ({ body: "Here is another screenshot of the problem." }),
        ticketMessages,
      ],
    ] as const
  ).map(
    ([who, user, url, fields, table], i): LimitedRoute => ({
      name: `ticket screenshot, ${who} (500 KB)`,
      user,
      url,
      fields,
      field: "screenshots",
      maxBytes: 500 * KB,
      head: () => pngBytes(70 + i, 64),
      filename: "screen.png",
      type: "image/png",
      message: (name) => messageKey("support.screenshotTooLarge", { name, max: 500 }),
      state: () => rows(table),
    }),
  ),
  {
    name: "title cover (5 MB)",
    user: () => targets.admin,
    url: () => `/api/af/courses/${targets.course}/cover`,
    field: "file",
    maxBytes: 5 * MB,
    head: () => pngBytes(31, 64),
    filename: "cover.png",
    type: "image/png",
    message: () => messageKey("catalog.fileTooLarge", { max: 5 }),
    state: async () =>
      (await t.deps.db.select().from(courses).where(eq(courses.id, targets.course)))[0]!.coverImageKey,
  },
  {
    name: "lecture video (200 MB)",
    user: () => targets.admin,
    url: () => `/api/af/lectures/${targets.lecture}/video`,
    fields: () => ({ duration_seconds: 15 }),
    field: "file",
    maxBytes: 200 * MB,
    head: () => sampleVideo(),
    filename: "lesson.mp4",
    type: "video/mp4",
    message: () => messageKey("catalog.fileTooLarge", { max: 200 }),
    state: async () =>
      (await t.deps.db.select().from(lectures).where(eq(lectures.id, targets.lecture)))[0]!.videoKey,
  },
  {
    name: "lecture e-book (30 MB)",
    user: () => targets.admin,
    url: () => `/api/af/lectures/${targets.lecture}/ebooks`,
    fields: () => ({ pages: 3 }),
    field: "file",
    maxBytes: 30 * MB,
    head: () => samplePdf(),
    filename: "notes.pdf",
    type: "application/pdf",
    message: () => messageKey("catalog.fileTooLarge", { max: 30 }),
    state: () => rows(lectureEbooks),
  },
  {
    name: "advert image (1 MB)",
    user: () => targets.admin,
    url: () => "/api/af/adverts",
    fields: () => ({
      data: JSON.stringify({
        block_id: targets.block,
        title: { en: "Summer offer", es: "Oferta de verano" },
        link_url: "https://example.com/offer",
        starts_on: new Date().toISOString().slice(0, 10),
      }),
    }),
    field: "image",
    maxBytes: 1 * MB,
    head: () => pngBytes(41, 64),
    filename: "ad.png",
    type: "image/png",
    message: () => messageKey("adverts.imageTooLarge", { max: 1000 }),
    state: () => rows(adverts),
  },
  {
    name: "shop product image (2 MB)",
    user: () => targets.admin,
    url: () => `/api/af/products/${targets.product}/image`,
    field: "image",
    maxBytes: 2 * MB,
    head: () => pngBytes(51, 64),
    filename: "book.png",
    type: "image/png",
    message: () => messageKey("shop.imageTooLarge", { max: 2 }),
    state: async () =>
      (await t.deps.db.select().from(products).where(eq(products.id, targets.product)))[0]!.imageKey,
  },
  {
    name: "quiz questions CSV (2 MB)",
    user: () => targets.admin,
    url: () => "/api/af/quizzes/bulk-upload",
    field: "file",
    maxBytes: 2 * MB,
    head: () => Buffer.from("not,a,valid,header\n"),
    filename: "questions.csv",
    type: "text/csv",
    message: () => "error.payloadTooLarge",
    state: () => rows(quizzes),
  },
];

function ticketFields() {
  return { subject_id: targets.subject, description: "The video stops after ten seconds every time." };
}
function guestTicketFields() {
  return { email: "guest.limits@example.com", ...ticketFields() };
}

/** 64 KB pieces as a socket delivers them; 1 MB for the 200 MB video (a fast link), to keep the run short. */
const chunkOf = (route: LimitedRoute) => (route.maxBytes > 50 * MB ? MB : 64 * 1024);
const zeros = Buffer.alloc(MB);
/** Each route's genuine file start, made once for its 41 uploads (encoding the portrait took a second). */
const heads = new Map<LimitedRoute, Buffer>();
const headOf = (route: LimitedRoute) => heads.get(route) ?? heads.set(route, route.head()).get(route)!;

/**
 * A multipart body whose file is `head` padded with zeros to `bytes`, delivered in pieces as a
 * socket would (nothing of that size is held in memory here), and its length.
 */
function body(route: LimitedRoute, bytes: number) {
  const boundary = `----aprendolimits${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(route.fields?.() ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const opening = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="${route.field}"; filename="${route.filename}"\r\nContent-Type: ${route.type}\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const head = headOf(route).subarray(0, bytes);
  function* chunks() {
    yield opening;
    yield head;
    const size = chunkOf(route);
    for (let left = bytes - head.length; left > 0; left -= size)
      yield zeros.subarray(0, Math.min(size, left));
    yield closing;
  }
  return {
    // A stream of pieces, each read as it was yielded: as bytes (`objectMode: false`), a read took
    // the piece waiting plus the next, copied into a new buffer: the server got 128 KB pieces (2 MB
    // for the video), not what a socket delivers, and the copying and its garbage were most of this
    // file's CPU.
    stream: Readable.from(chunks(), { objectMode: true }),
    length: opening.length + bytes + closing.length,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(route: LimitedRoute, bytes: number, declareLength: boolean) {
  const b = body(route, bytes);
  return t.app.inject({
    method: "POST",
    url: route.url(),
    headers: {
      ...(route.user()?.auth ?? {}),
      "content-type": b.contentType,
      ...(declareLength ? { "content-length": String(b.length) } : {}),
      "x-language-id": "2",
    },
    payload: b.stream,
  });
}

const es = (key: string) => translate(messages, "es", key);

beforeAll(async () => {
  // The per-minute upload limits would answer 429 long before 40 tries; size is what is tested here.
  t = await createTestApp({ rateLimits: false });
  targets = await buildUploadTargets(t);
}, 60_000);
afterAll(() => t.close());

describe("upload size limits", () => {
  it.each(routes.map((r) => [r.name, r] as const))(
    "%s: 413 to every just-over-limit file, nothing stored; a file of exactly the limit is accepted",
    async (_name, route) => {
      const before = { state: await route.state(), files: await filesIn(t.config.dataDir) };
      const expected = es(route.message(route.filename));
      const statuses: number[] = [];
      // Limit + 1 byte, declared (the count of received bytes is what must catch it), then limit +
      // 2 MB, declared (refused before parsing) or not (counted as it arrives), alternately.
      const tries = triesFor(route);
      for (const [bytes, declared] of [
        ...Array.from({ length: tries }, () => [route.maxBytes + 1, true] as const),
        ...Array.from({ length: tries }, (_, i) => [route.maxBytes + 2 * MB, i % 2 === 0] as const),
      ]) {
        const res = await upload(route, bytes, declared);
        statuses.push(res.statusCode);
        expect(res.json().message, `${bytes} bytes`).toBe(expected);
      }
      expect(statuses).toEqual(Array(2 * tries).fill(413));
      expect(await route.state()).toEqual(before.state);
      expect(await filesIn(t.config.dataDir)).toEqual(before.files);

      const ok = await upload(route, route.maxBytes, true);
      // The CSV import judges the columns once the size passed (422 with line errors).
      if (route.name.includes("CSV")) {
        expect(ok.statusCode, ok.body).toBe(422);
        expect(ok.json().message).not.toBe(es("error.payloadTooLarge"));
      } else expect(ok.statusCode, ok.body).toBeLessThan(300);
    },
    120_000,
  );
});
