/** The back office's review moderation calls (contract schemas/reviews.ts, /af/reviews). */
import type {
  adminCourseList,
  adminReviewList,
  adminReviewModerated,
  adminReviewReports,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { get, put } from "../../lib/http";

export const MODERATION_PER_PAGE = 20;

export type ModerationFilters = {
  filter: "reported" | "hidden" | "all";
  courseId?: number;
  rating?: number;
  sort?: string;
  page: number;
};

export function useModerationReviews(filters: ModerationFilters) {
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: ["reviews", "moderation", filters, language],
    queryFn: ({ signal }) =>
      get<z.infer<typeof adminReviewList>>("/af/reviews", {
        query: {
          filter: filters.filter,
          course_id: filters.courseId,
          rating: filters.rating,
          sort: filters.sort || undefined,
          page: filters.page,
          per_page: MODERATION_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewReports(reviewId: number | null) {
  return useQuery({
    queryKey: ["reviews", "moderation", "reports", reviewId],
    queryFn: ({ signal }) =>
      get<z.infer<typeof adminReviewReports>>(`/af/reviews/${reviewId}/reports`, { signal }),
    select: (body) => body.data,
    enabled: reviewId !== null,
  });
}

/** Every title (any status) for the title filter; the moderator holds the course-manager flag. */
export function useModerationTitles() {
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: ["reviews", "moderation", "titles"],
    queryFn: ({ signal }) =>
      get<z.infer<typeof adminCourseList>>("/af/courses", {
        query: { per_page: 100 },
        signal,
      }),
    select: (body) =>
      body.data.map((c) => ({ id: c.id, title: language === "es" ? c.title_es || c.title_en : c.title_en })),
    staleTime: 5 * 60_000,
  });
}

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; hide: boolean; reason?: string }) =>
      put<z.infer<typeof adminReviewModerated>>(
        `/af/reviews/${input.id}/${input.hide ? "hide" : "show"}`,
        input.hide ? { reason: input.reason } : undefined,
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["reviews"] });
      void client.invalidateQueries({ queryKey: ["catalog"] });
    },
  });
}
