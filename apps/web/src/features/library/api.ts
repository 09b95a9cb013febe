/** "My library": the learner's e-books and e-notes, one e-book for the viewer, the stamped download. */
import type { Library, LibraryBook, LibraryEbook, LibraryEntry } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import { useQuery } from "@tanstack/react-query";
import { get } from "../../lib/http";
import { useSession } from "../../stores/session";
import { downloadPdf } from "../certificates/api";

export type { Library, LibraryBook, LibraryEbook, LibraryEntry };

export const libraryKeys = {
  all: ["library"] as const,
  lists: ["library", "list"] as const,
  list: (language: string) => ["library", "list", language] as const,
  ebook: (id: number) => ["library", "ebook", id] as const,
};

export const useLibrary = (language: string, enabled = true) =>
  useQuery({ queryKey: libraryKeys.list(language), queryFn: () => get<Library>("/iu/library"), enabled });

/**
 * The digital products the signed-in learner owns, for "Owned — read now": by notes offer and by
 * shop product, each with the viewer path it opens (the library when no e-book is there yet).
 * Nothing is asked for a guest or an administrator.
 */
export function useOwnedDigital(language: string) {
  const learner = useSession((s) => s.token !== null && s.role === Role.learner);
  const library = useLibrary(language, learner);
  const byOffer = new Map<number, string>();
  const byProduct = new Map<number, string>();
  for (const o of library.data?.owned ?? []) {
    const path = o.ebook_id ? readerPath(o.ebook_id) : "/iu/library";
    byOffer.set(o.offer_id, path);
    for (const id of o.product_ids) byProduct.set(id, path);
  }
  return { byOffer, byProduct };
}

export const useLibraryEbook = (id: number) =>
  useQuery({
    queryKey: libraryKeys.ebook(id),
    queryFn: () => get<LibraryEbook>(`/iu/library/ebooks/${id}`),
    enabled: id > 0,
    // The file URL carries a media token: one fetch per opening, no background refetch reloading the book.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const downloadEbook = (id: number, title: string) =>
  downloadPdf(`/iu/library/ebooks/${id}/download`, `${title}.pdf`);

/** The viewer of one library e-book. */
export const readerPath = (id: number) => `/iu/library/${id}`;
