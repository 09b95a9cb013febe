/**
 * "My library" (docs/shop.md, digital products): what a learner may read among the lecture e-books,
 * gathered per title. Two ways in, the same two the reading gate knows (learning/lecture.access.ts
 * `resolveEbookAccess`): the lecture-notes access list (e-notes or an e-book bought in the shop, an
 * administrator's grant, a sponsorship) opens every e-book it covers at once; an enrolment opens a
 * title's e-books lecture by lecture, as the learner reaches them. The list shows the latter's
 * unreached ones as locked, so the learner sees what the title includes.
 */
import type {
  LanguageCode,
  LectureState,
  Library,
  LibraryBook,
  LibraryEbook,
  LibraryEntry,
} from "@aprendo/contract";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import {
  type CourseOutline,
  isOpenState,
  lectureStates,
  loadLearnerState,
  loadOutline,
} from "../catalog/outline.service";
import type { Db } from "../db/client";
import {
  courses,
  ebookReads,
  enrolments,
  lectureEbooks,
  lectureNotesAccess,
  lectures,
  notesOffers,
  orderLines,
  orders,
  products,
  users,
} from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { signMediaToken } from "../http/media-token";
import { findEbook } from "../learning/lecture.service";
import { resolveEbookAccess } from "../learning/lecture-access.service";
import { coverUrl, fullName, localized } from "../lib/text";
import { productImageUrl } from "../shop/shop.service";

type Grant = typeof lectureNotesAccess.$inferSelect;
type Product = typeof products.$inferSelect;

/** A grant covers a lecture when it is for its title, and its module and lecture if it names them. */
const grantCovers = (g: Grant, lecture: { id: number; moduleId: number; courseId: number }) =>
  g.courseId === lecture.courseId &&
  (g.moduleId === null || g.moduleId === lecture.moduleId) &&
  (g.lectureId === null || g.lectureId === lecture.id);

/** Paid orders whose lines still hold what they granted (a refunded line took it back). */
const heldOrder = and(inArray(orders.status, ["paid", "partially_refunded"]), isNull(orderLines.refundedAt));

async function activeGrants(db: Db, userId: number): Promise<Grant[]> {
  return db
    .select()
    .from(lectureNotesAccess)
    .where(
      and(
        eq(lectureNotesAccess.userId, userId),
        or(isNull(lectureNotesAccess.expiresAt), gt(lectureNotesAccess.expiresAt, new Date())),
      ),
    );
}

/** The order and shop product behind each bought grant (checkout records the grant on its line). */
async function purchasesOf(db: Db, userId: number, grantIds: number[]) {
  const byGrant = new Map<number, { orderNumber: string | null; offerId: number | null }>();
  if (grantIds.length === 0) return { byGrant, productOfOffer: new Map<number, Product>() };
  const rows = await db
    .select({
      grantId: sql<string>`${orderLines.grant}->>'notesAccessId'`,
      offerId: orderLines.itemId,
      orderNumber: orders.publicNumber,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.type, "ebook"),
        heldOrder,
        inArray(sql`(${orderLines.grant}->>'notesAccessId')::int`, grantIds),
      ),
    );
  for (const r of rows) byGrant.set(Number(r.grantId), { orderNumber: r.orderNumber, offerId: r.offerId });
  const offerIds = [...new Set(rows.map((r) => r.offerId).filter((id): id is number => id !== null))];
  return { byGrant, productOfOffer: await productsOfOffers(db, offerIds) };
}

/** The shop product that sells each notes offer (a published one first). */
async function productsOfOffers(db: Db, offerIds: number[]) {
  const map = new Map<number, Product>();
  if (offerIds.length === 0) return map;
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.notesOfferId, offerIds))
    .orderBy(sql`${products.status} = 'published' DESC`, products.id);
  for (const p of rows) if (p.notesOfferId !== null && !map.has(p.notesOfferId)) map.set(p.notesOfferId, p);
  return map;
}

/** Notes offers the grants already cover (the rule pricing refuses a second sale by) and their products. */
async function ownedOffers(db: Db, grants: Grant[]) {
  const whole = grants.filter((g) => g.lectureId === null);
  if (whole.length === 0) return [];
  const offers = await db
    .select({ id: notesOffers.id, courseId: notesOffers.courseId, moduleId: notesOffers.moduleId })
    .from(notesOffers)
    .where(inArray(notesOffers.courseId, [...new Set(whole.map((g) => g.courseId))]));
  const owned = offers.filter((o) =>
    whole.some((g) => g.courseId === o.courseId && (g.moduleId === null || g.moduleId === o.moduleId)),
  );
  const sold =
    owned.length === 0
      ? []
      : await db
          .select({ id: products.id, offerId: products.notesOfferId })
          .from(products)
          .where(
            inArray(
              products.notesOfferId,
              owned.map((o) => o.id),
            ),
          );
  return owned.map((o) => ({ ...o, productIds: sold.filter((p) => p.offerId === o.id).map((p) => p.id) }));
}

type OwnedOffer = Awaited<ReturnType<typeof ownedOffers>>[number];
type ListedBook = LibraryBook & { at: number; moduleId: number; courseId: number };

/** What "Owned — read now" opens for each owned offer: the e-book read last, else the first. */
function ownedWithBooks(owned: OwnedOffer[], listed: ListedBook[]): Library["owned"] {
  return owned.map((o) => {
    const books = listed.filter(
      (b) => !b.locked && b.courseId === o.courseId && (o.moduleId === null || b.moduleId === o.moduleId),
    );
    const last = books
      .filter((b) => b.read_at !== null)
      .sort((a, b) => Date.parse(b.read_at!) - Date.parse(a.read_at!))[0];
    return { offer_id: o.id, product_ids: o.productIds, ebook_id: (last ?? books[0])?.id ?? null };
  });
}

export async function myLibrary(db: Db, userId: number, language: LanguageCode): Promise<Library> {
  const [grants, enrolled] = await Promise.all([
    activeGrants(db, userId),
    db
      .select({ courseId: enrolments.courseId, createdAt: enrolments.createdAt })
      .from(enrolments)
      .where(eq(enrolments.userId, userId)),
  ]);
  const courseIds = [...new Set([...grants.map((g) => g.courseId), ...enrolled.map((e) => e.courseId)])];
  const owned = await ownedOffers(db, grants);
  if (courseIds.length === 0) return { data: [], owned: ownedWithBooks(owned, []) };

  const books = await db
    .select({ ebook: lectureEbooks, lecture: lectures })
    .from(lectureEbooks)
    .innerJoin(lectures, eq(lectures.id, lectureEbooks.lectureId))
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(
      and(
        inArray(lectures.courseId, courseIds),
        sql`${courses.status} <> 'draft'`,
        sql`${lectures.status} <> 'draft'`,
      ),
    );
  const withBooks = [...new Set(books.map((b) => b.lecture.courseId))];
  if (withBooks.length === 0) return { data: [], owned: ownedWithBooks(owned, []) };

  const [courseRows, reads, purchases, outlines] = await Promise.all([
    db.select().from(courses).where(inArray(courses.id, withBooks)),
    db
      .select()
      .from(ebookReads)
      .where(
        and(
          eq(ebookReads.userId, userId),
          inArray(
            ebookReads.ebookId,
            books.map((b) => b.ebook.id),
          ),
        ),
      ),
    purchasesOf(
      db,
      userId,
      grants.map((g) => g.id),
    ),
    Promise.all(withBooks.map(async (id) => [id, await loadOutline(db, id)] as const)),
  ]);
  const outlineOf = new Map<number, CourseOutline>(outlines);
  const readOf = new Map(reads.map((r) => [r.ebookId, r]));
  const enrolledIn = new Map(enrolled.map((e) => [e.courseId, e.createdAt]));
  // Which lectures an enrolled learner has reached (the lecture page's own rule).
  const statesOf = new Map<number, Map<number, LectureState>>();
  await Promise.all(
    withBooks
      .filter((id) => enrolledIn.has(id))
      .map(async (id) => {
        const { progress } = await loadLearnerState(db, userId, id);
        statesOf.set(id, lectureStates(outlineOf.get(id)!, progress, { entitled: true }));
      }),
  );

  const entries: Array<LibraryEntry & { lastRead: number }> = [];
  const listed: ListedBook[] = [];
  for (const course of courseRows) {
    const outline = outlineOf.get(course.id)!;
    const order = new Map(outline.order.map((l, i) => [l.id, i]));
    const courseGrants = grants.filter((g) => g.courseId === course.id);
    const states = statesOf.get(course.id);
    const list: ListedBook[] = [];
    for (const { ebook, lecture } of books) {
      if (lecture.courseId !== course.id) continue;
      const covered = courseGrants.some((g) => grantCovers(g, lecture));
      const state = states?.get(lecture.id);
      const open = state !== undefined && isOpenState(state);
      if (!covered && !states) continue;
      const read = readOf.get(ebook.id);
      list.push({
        id: ebook.id,
        title: localized(language, ebook.titleEn, ebook.titleEs),
        lecture: { id: lecture.id, title: localized(language, lecture.titleEn, lecture.titleEs) },
        pages: ebook.pages,
        last_page: read?.lastPage ?? 1,
        read_at: read?.updatedAt.toISOString() ?? null,
        locked: !covered && !open,
        at: (order.get(lecture.id) ?? 0) * 1000 + ebook.position,
        moduleId: lecture.moduleId,
        courseId: lecture.courseId,
      });
    }
    if (list.length === 0) continue;
    list.sort((a, b) => a.at - b.at || a.id - b.id);
    listed.push(...list);

    // The entry is named after what was bought: the first grant with a shop product behind it.
    const bought = courseGrants
      .map((g) => ({ g, p: purchases.byGrant.get(g.id) }))
      .sort((a, b) => a.g.id - b.g.id);
    const withProduct = bought.find((b) => b.p?.offerId && purchases.productOfOffer.has(b.p.offerId));
    const product = withProduct ? purchases.productOfOffer.get(withProduct.p!.offerId!) : undefined;
    const first = withProduct ?? bought[0];
    const courseTitle = localized(language, course.titleEn, course.titleEs);
    const acquired = [
      ...courseGrants.map((g) => g.createdAt.getTime()),
      enrolledIn.get(course.id)?.getTime() ?? Number.POSITIVE_INFINITY,
    ];
    entries.push({
      course: { id: course.id, title: courseTitle },
      kind: product ? (product.kind === "enotes" ? "enotes" : "ebook") : first ? "enotes" : "title",
      title: product ? localized(language, product.titleEn, product.titleEs) : courseTitle,
      // A product without an image gets the shop's drawn cover (its colour, title and authors).
      cover_url: product ? productImageUrl(product) : coverUrl(course),
      cover_color: product?.coverColor ?? "#4338ca",
      source: first ? sourceOf(first.g.source) : "enrolment",
      order_number: first?.p?.orderNumber ?? null,
      acquired_at: new Date(Math.min(...acquired)).toISOString(),
      books: list.map(({ at: _at, moduleId: _m, courseId: _c, ...book }) => book),
      lastRead: Math.max(0, ...list.map((b) => (b.read_at ? Date.parse(b.read_at) : 0))),
    });
  }
  // What was read last comes first, then what was acquired last.
  entries.sort((a, b) => b.lastRead - a.lastRead || Date.parse(b.acquired_at) - Date.parse(a.acquired_at));
  return {
    data: entries.map(({ lastRead: _lastRead, ...entry }) => entry),
    owned: ownedWithBooks(owned, listed),
  };
}

const sourceOf = (source: string): LibraryEntry["source"] =>
  source === "purchase" || source === "sponsorship" ? source : "admin";

/** One e-book the learner may read (the reading gate decides), with a signed file URL for the viewer. */
export async function libraryEbook(
  db: Db,
  user: CurrentUser,
  ebookId: number,
  language: LanguageCode,
  jwtSecret: string,
): Promise<LibraryEbook> {
  const { ebook, lecture } = await readableEbook(db, user, ebookId);
  const [course] = await db
    .select({ id: courses.id, titleEn: courses.titleEn, titleEs: courses.titleEs })
    .from(courses)
    .where(eq(courses.id, lecture.courseId));
  const [read] = await db
    .select({ lastPage: ebookReads.lastPage })
    .from(ebookReads)
    .where(and(eq(ebookReads.userId, user.id), eq(ebookReads.ebookId, ebook.id)));
  const { token } = await signMediaToken(jwtSecret, {
    userId: user.id,
    lectureId: lecture.id,
    kind: "ebook",
    ebookId: ebook.id,
    sessionId: user.sessionId,
  });
  return {
    id: ebook.id,
    title: localized(language, ebook.titleEn, ebook.titleEs),
    course: {
      id: lecture.courseId,
      title: course ? localized(language, course.titleEn, course.titleEs) : "",
    },
    lecture: { id: lecture.id, title: localized(language, lecture.titleEn, lecture.titleEs) },
    pages: ebook.pages,
    last_page: read?.lastPage ?? 1,
    file_url: `/api/iu/lectures/${lecture.id}/ebooks/${ebook.id}/file?token=${token}`,
    download_url: `/api/iu/library/ebooks/${ebook.id}/download`,
  };
}

/** The e-book and its lecture, or the reading gate's 404/403 (translated). */
export async function readableEbook(db: Db, user: CurrentUser, ebookId: number) {
  const ebook = await findEbook(db, ebookId);
  const lecture = await resolveEbookAccess(db, user, ebook.lectureId);
  return { ebook, lecture };
}

/**
 * The order that gave the learner this e-book, for the stamp: the purchase of e-notes covering its
 * lecture, else the purchase of its title; null when neither was bought (an administrator's grant,
 * a free title, a sponsorship).
 */
export async function orderNumberFor(
  db: Db,
  userId: number,
  lecture: { id: number; moduleId: number; courseId: number },
): Promise<string | null> {
  const grants = (await activeGrants(db, userId)).filter((g) => grantCovers(g, lecture));
  if (grants.length > 0) {
    const { byGrant } = await purchasesOf(
      db,
      userId,
      grants.map((g) => g.id),
    );
    const number = [...byGrant.values()].find((p) => p.orderNumber)?.orderNumber;
    if (number) return number;
  }
  const [title] = await db
    .select({ number: orders.publicNumber })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.type, "course"),
        eq(orderLines.itemId, lecture.courseId),
        sql`NOT coalesce((${orderLines.meta}->>'anchor')::boolean, false)`,
        heldOrder,
      ),
    )
    .orderBy(orders.id)
    .limit(1);
  return title?.number ?? null;
}

/** What the download's stamp says: the learner's full name (else username) and the order that gave the e-book. */
export async function stampFor(
  db: Db,
  user: CurrentUser,
  lecture: { id: number; moduleId: number; courseId: number },
) {
  const [buyer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, user.id));
  const order = await orderNumberFor(db, user.id, lecture);
  return { name: buyer ? fullName(buyer) : user.username, order };
}
