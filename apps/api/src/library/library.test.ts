/**
 * A bought e-book is delivered. The purchase puts it in "My library" with its
 * e-books and reading progress, the viewer opens it, the download is stamped with the buyer's name
 * and order number on every page, nobody else reads it, and it is never sold to the learner again.
 * An enrolled title's e-books are in the library too, opening as the learner reaches each lecture.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { type BuiltCourse, buildCourse, enrol } from "../catalog/catalog.fixtures";
import { cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { notesOffers, products } from "../db/schema/index";

let t: TestApp;
let ana: BuiltUser;
let course: BuiltCourse;
let offerId: number;
let productId: number;
let orderNumber: string;

const get = (user: BuiltUser | null, url: string, language = "en") =>
  t.app.inject({ url, headers: { ...(user?.auth ?? {}), "accept-language": language } });

async function pdfText(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(""));
  }
  await doc.cleanup();
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t, { overrides: { firstName: "Ana", lastName: "Pérez" } });
  course = await buildCourse(t, { pricePence: 2900, title: ["Algebra", "Álgebra"] });
  const [offer] = await t.deps.db
    .insert(notesOffers)
    .values({ courseId: course.id, pricePence: 699 })
    .returning();
  offerId = offer!.id;
  const [product] = await t.deps.db
    .insert(products)
    .values({
      kind: "ebook",
      titleEn: "Algebra: the e-book",
      titleEs: "Álgebra: el libro electrónico",
      authors: "Aprendo",
      notesOfferId: offerId,
      status: "published",
      coverColor: "#4338ca",
    })
    .returning();
  productId = product!.id;
  const paid = await checkoutAs(t, ana, {
    items: [{ type: "ebook", id: offerId }],
    payment: { card_token: await cardToken(t) },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  orderNumber = paid.json().order_number;
  expect(orderNumber).toMatch(/^A-\d{6}$/);
}, 60_000);
afterAll(() => t.close());

describe("a bought e-book in My library", () => {
  it("lists what the purchase granted: every e-book of the title, named as the shop names it", async () => {
    const res = await get(ana, "/api/iu/library");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.owned).toEqual([
      { offer_id: offerId, product_ids: [productId], ebook_id: body.data[0].books[0].id },
    ]);
    expect(body.data).toHaveLength(1);
    const [entry] = body.data;
    expect(entry).toMatchObject({
      kind: "ebook",
      title: "Algebra: the e-book",
      course: { id: course.id, title: "Algebra" },
      source: "purchase",
      order_number: orderNumber,
    });
    // Bought: every lecture's e-book reads at once, in learning order, none locked.
    expect(entry.books.map((b: { lecture: { id: number } }) => b.lecture.id)).toEqual(course.lectureIds);
    expect(
      entry.books.every((b: { locked: boolean; last_page: number }) => !b.locked && b.last_page === 1),
    ).toBe(true);
    const es = (await get(ana, "/api/iu/library", "es")).json().data[0];
    expect(es).toMatchObject({ title: "Álgebra: el libro electrónico", course: { title: "Álgebra" } });
  });

  it("remembers the page the viewer turned to and opens the viewer there", async () => {
    const ebookId = (await get(ana, "/api/iu/library")).json().data[0].books[2].id;
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/iu/ebooks/${ebookId}/last-page`,
      headers: ana.auth,
      payload: { page: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const library = (await get(ana, "/api/iu/library")).json();
    const book = library.data[0].books[2];
    expect(book).toMatchObject({ id: ebookId, last_page: 2, pages: 3 });
    // "Owned — read now" opens the e-book read last.
    expect(library.owned[0].ebook_id).toBe(ebookId);
    expect(book.read_at).not.toBeNull();

    const viewer = await get(ana, `/api/iu/library/ebooks/${ebookId}`);
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json()).toMatchObject({ id: ebookId, last_page: 2, course: { id: course.id } });
    const file = await t.app.inject({ url: viewer.json().file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("application/pdf");
  });

  it("downloads the PDF stamped with the buyer's name and order number on every page", async () => {
    const ebookId = (await get(ana, "/api/iu/library")).json().data[0].books[0].id;
    const res = await get(ana, `/api/iu/library/ebooks/${ebookId}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toContain("attachment");
    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page).toContain(`Licensed to Ana Pérez · Order ${orderNumber}`);

    const es = await get(ana, `/api/iu/library/ebooks/${ebookId}/download`, "es");
    for (const page of await pdfText(es.rawPayload))
      expect(page).toContain(`Con licencia para Ana Pérez · Pedido ${orderNumber}`);
  });

  it("refuses the e-book to another learner and to a guest, in their language", async () => {
    const ebookId = (await get(ana, "/api/iu/library")).json().data[0].books[0].id;
    const other = await buildLearner(t);
    expect((await get(other, "/api/iu/library")).json()).toEqual({ data: [], owned: [] });
    for (const url of [`/api/iu/library/ebooks/${ebookId}`, `/api/iu/library/ebooks/${ebookId}/download`]) {
      const refused = await get(other, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Enrol in this title to open its lectures");
      const es = await get(other, url, "es");
      expect(es.json().message).toBe("Inscríbete en este título para abrir sus lecciones");
      expect((await get(null, url)).statusCode).toBe(401);
    }
    const unknown = await get(ana, "/api/iu/library/ebooks/999999/download");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("E-book not found");
  });

  it("is never sold to the learner again: the cart shows why and checkout refuses it", async () => {
    const priced = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: { ...ana.auth, "accept-language": "es" },
      payload: { items: [{ type: "ebook", id: offerId }] },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().lines[0].problem).toBe("Ya tienes estos apuntes");
    const again = await checkoutAs(t, ana, {
      items: [{ type: "ebook", id: offerId }],
      payment: { card_token: await cardToken(t) },
    });
    expect(again.statusCode, again.body).toBe(409);
  });
});

describe("one name per product", () => {
  it("names the e-book as the shop does in the cart, the history and both languages", async () => {
    const buyer = await buildLearner(t);
    for (const [language, name] of [
      ["en", "E-book: Algebra"],
      ["es", "Libro electrónico: Álgebra"],
    ]) {
      const priced = await t.app.inject({
        method: "POST",
        url: "/api/iu/cart/price",
        headers: { ...buyer.auth, "accept-language": language! },
        payload: { items: [{ type: "ebook", id: offerId }] },
      });
      expect(priced.json().lines[0]).toMatchObject({ name, problem: null });
    }
    const history = await get(ana, "/api/iu/purchases");
    expect(history.json().data[0]).toMatchObject({ type: "ebook", name: "E-book: Algebra" });
  });
});

describe("an enrolled title's e-books", () => {
  it("are in the library, open up to the lecture reached; the others are locked and not downloadable", async () => {
    const learner = await buildLearner(t);
    const free = await buildCourse(t, { title: ["Geometry", "Geometría"] });
    await enrol(t, learner.id, free.id);
    const [entry] = (await get(learner, "/api/iu/library")).json().data;
    expect(entry).toMatchObject({
      kind: "title",
      title: "Geometry",
      source: "enrolment",
      order_number: null,
    });
    expect(entry.books.map((b: { locked: boolean }) => b.locked)).toEqual([false, true, true, true]);
    const open = await get(learner, `/api/iu/library/ebooks/${entry.books[0].id}/download`);
    expect(open.statusCode).toBe(200);
    for (const page of await pdfText(open.rawPayload)) expect(page).toContain("Licensed to Test User");
    const locked = await get(learner, `/api/iu/library/ebooks/${entry.books[1].id}/download`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe("Lecture not available. Complete the previous lecture first.");
  });
});
