/**
 * FAQ calls: the public and learner reading (grouped by category, with search) and the back office's
 * categories and entries, one hook per endpoint, through the one HTTP client.
 */
import type {
  FaqCategory,
  FaqCategoryInput,
  FaqEntry,
  FaqEntryInput,
  FaqPublicDetail,
  FaqPublicList,
  faqCategoryEnvelope,
  faqCategoryList,
  faqCategoryPublicList,
  faqEntryEnvelope,
  faqEntryList,
  MessageBody,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

type FaqCategoryEnvelope = z.infer<typeof faqCategoryEnvelope>;
type FaqEntryEnvelope = z.infer<typeof faqEntryEnvelope>;
export type FaqArea = "public" | "learner";
/** The back office's rows and the public detail, as the contract answers them. */
export type { FaqCategory, FaqEntry };
export type FaqDetail = FaqPublicDetail;

const readBase = (area: FaqArea) => (area === "learner" ? "/iu/faqs" : "/faqs");
export const faqKeys = {
  all: ["faqs"] as const,
  read: (area: FaqArea) => ["faqs", "read", area] as const,
  categoriesPublic: ["faqs", "categories-public"] as const,
  adminCategories: ["faqs", "admin", "categories"] as const,
  adminEntries: ["faqs", "admin", "entries"] as const,
};

export function useFaqs(area: FaqArea, query: { search: string; category: string }) {
  return useQuery({
    queryKey: [...faqKeys.read(area), "list", query],
    queryFn: ({ signal }) =>
      get<FaqPublicList>(readBase(area), {
        signal,
        query: { search: query.search, category_id: query.category },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFaqCategoriesPublic() {
  return useQuery({
    queryKey: faqKeys.categoriesPublic,
    queryFn: ({ signal }) =>
      get<z.infer<typeof faqCategoryPublicList>>("/faqs/categories", {
        signal,
      }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}

export function useFaq(area: FaqArea, id: number | null) {
  return useQuery({
    queryKey: [...faqKeys.read(area), "one", id],
    queryFn: ({ signal }) => get<FaqDetail>(`${readBase(area)}/${id}`, { signal }),
    enabled: id !== null,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

/* ------------------------------------------------------------------ back office */

function useInvalidateFaqs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: faqKeys.all });
}

export function useAdminFaqCategories() {
  return useQuery({
    queryKey: faqKeys.adminCategories,
    queryFn: ({ signal }) => get<z.infer<typeof faqCategoryList>>("/af/faqs/categories", { signal }),
    select: (body) => body.data,
  });
}

export function useAdminFaqCategory(id: number | null) {
  return useQuery({
    queryKey: [...faqKeys.adminCategories, id],
    queryFn: ({ signal }) => get<FaqCategoryEnvelope>(`/af/faqs/categories/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveFaqCategory(id: number | null) {
  const invalidate = useInvalidateFaqs();
  return useMutation({
    mutationFn: (input: FaqCategoryInput) =>
      id === null
        ? post<FaqCategoryEnvelope>("/af/faqs/categories", input)
        : put<FaqCategoryEnvelope>(`/af/faqs/categories/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteFaqCategory() {
  const invalidate = useInvalidateFaqs();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/faqs/categories/${id}`),
    onSuccess: invalidate,
  });
}

export const entriesPerPage = 20;

export function useAdminFaqEntries(query: { search: string; category: string; sort: string; page: number }) {
  return useQuery({
    queryKey: [...faqKeys.adminEntries, query],
    queryFn: ({ signal }) =>
      get<z.infer<typeof faqEntryList>>("/af/faqs/entries", {
        signal,
        query: {
          search: query.search,
          category_id: query.category,
          sort: query.sort,
          page: query.page,
          per_page: entriesPerPage,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminFaqEntry(id: number | null) {
  return useQuery({
    queryKey: [...faqKeys.adminEntries, "one", id],
    queryFn: ({ signal }) => get<FaqEntryEnvelope>(`/af/faqs/entries/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveFaqEntry(id: number | null) {
  const invalidate = useInvalidateFaqs();
  return useMutation({
    mutationFn: (input: FaqEntryInput) =>
      id === null
        ? post<FaqEntryEnvelope>("/af/faqs/entries", input)
        : put<FaqEntryEnvelope>(`/af/faqs/entries/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteFaqEntry() {
  const invalidate = useInvalidateFaqs();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/faqs/entries/${id}`),
    onSuccess: invalidate,
  });
}
