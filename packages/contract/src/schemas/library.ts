/**
 * "My library" (docs/shop.md): the e-books and e-notes a learner owns, bought in
 * the shop (a notes offer: the lecture e-books of a title or module) or included in an enrolled
 * title (its lectures' e-books, open as the learner reaches each lecture), with reading progress.
 *
 * Learner (role 1), every call:
 *   GET /iu/library                       -> library (one entry per title, its e-books and progress;
 *                                            the notes offers and shop products owned, for "Owned — read now")
 *   GET /iu/library/ebooks/{id}           -> libraryEbook (the viewer: a signed file URL, the last page)
 *   GET /iu/library/ebooks/{id}/download  the PDF, each page stamped "Licensed to <name> · Order <number>"
 * Reading progress is saved by the viewer with PUT /iu/ebooks/{id}/last-page (lecture routes). A
 * learner who may not read the e-book gets 403 (or 404 for an unknown one), as on the lecture page.
 */
import { z } from "zod";

export const libraryEntryKinds = ["ebook", "enotes", "title"] as const;
export type LibraryEntryKind = (typeof libraryEntryKinds)[number];
export const librarySources = ["purchase", "admin", "sponsorship", "enrolment"] as const;

const ref = z.object({ id: z.number().int(), title: z.string() });

export const libraryBook = z.object({
  id: z.number().int(),
  title: z.string(),
  lecture: ref,
  /** 0 when the page count is not known. */
  pages: z.number().int(),
  last_page: z.number().int(),
  /** When the learner last turned a page; null: never opened. */
  read_at: z.string().nullable(),
  /** Included in an enrolled title but the lecture is not reached yet (no reading, no download). */
  locked: z.boolean(),
});
export type LibraryBook = z.infer<typeof libraryBook>;

export const libraryEntry = z.object({
  course: ref,
  /** ebook / enotes: bought (the shop product's kind); title: included in an enrolled title. */
  kind: z.enum(libraryEntryKinds),
  /** The shop product's name when bought in the shop, else the title's. */
  title: z.string(),
  cover_url: z.string().nullable(),
  cover_color: z.string(),
  source: z.enum(librarySources),
  order_number: z.string().nullable(),
  acquired_at: z.string(),
  books: z.array(libraryBook),
});
export type LibraryEntry = z.infer<typeof libraryEntry>;

export const library = z.object({
  data: z.array(libraryEntry),
  /**
   * Notes offers the learner already owns (never sold to them again), the shop products selling
   * each, and the e-book "Owned — read now" opens (the one read last, else the first; null when the
   * offer's lectures hold no e-book yet).
   */
  owned: z.array(
    z.object({
      offer_id: z.number().int(),
      product_ids: z.array(z.number().int()),
      ebook_id: z.number().int().nullable(),
    }),
  ),
});
export type Library = z.infer<typeof library>;

export const libraryEbook = z.object({
  id: z.number().int(),
  title: z.string(),
  course: ref,
  lecture: ref,
  pages: z.number().int(),
  last_page: z.number().int(),
  file_url: z.string(),
  download_url: z.string(),
});
export type LibraryEbook = z.infer<typeof libraryEbook>;
