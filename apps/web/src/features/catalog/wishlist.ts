/**
 * The wish list and "notify me" calls (contract schemas/wishlist.ts). The hearts and bells of every
 * card read one list of ids; a toggle changes it at once and puts it back if the server refuses.
 */
import type { WishlistIds, WishlistPage, WishlistToggleResult } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { get, put } from "../../lib/http";
import { useSession } from "../../stores/session";

// Under "catalog": enrolling invalidates the catalogue, and enrolling takes a title off the list.
const idsKey = ["catalog", "wishlist", "ids"] as const;

/** The ids on the wish list and awaiting a notice; only a learner has them. */
export function useWishlistIds() {
  const learner = useSession((s) => s.token !== null && s.role === Role.learner);
  return useQuery({
    queryKey: idsKey,
    queryFn: ({ signal }) => get<WishlistIds>("/iu/wishlist/ids", { signal }),
    enabled: learner,
    staleTime: 60_000,
  });
}

export function useWishlist(page: number, perPage = 12) {
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: ["catalog", "wishlist", "list", page, perPage, language],
    queryFn: ({ signal }) =>
      get<WishlistPage>("/iu/wishlist", { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds or removes a title (`wishlist`) or a notice request (`notify`), optimistically. */
export function useToggleInterest(kind: "wishlist" | "notify") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { courseId: number; on: boolean }) =>
      put<WishlistToggleResult>(`/iu/courses/${input.courseId}/${kind}`, { on: input.on }),
    onMutate: async ({ courseId, on }) => {
      await client.cancelQueries({ queryKey: idsKey });
      const before = client.getQueryData<WishlistIds>(idsKey);
      if (before) {
        const ids = before[kind].filter((id) => id !== courseId);
        client.setQueryData<WishlistIds>(idsKey, { ...before, [kind]: on ? [...ids, courseId] : ids });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(idsKey, context.before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ["catalog", "wishlist"] });
    },
  });
}
