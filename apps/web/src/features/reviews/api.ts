/** Ratings and reviews calls (contract schemas/reviews.ts). */
import type { CourseReviewList, MessageBody, ReviewEligibility, ReviewRequest } from "@aprendo/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { get, post, put } from "../../lib/http";

const PER_PAGE = 5;

export function useReviews(courseId: number, rating: number | undefined) {
  const language = useTranslation().i18n.language;
  return useInfiniteQuery({
    queryKey: ["reviews", "list", courseId, rating ?? 0, language],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      get<CourseReviewList>(`/courses/${courseId}/reviews`, {
        query: { page: pageParam, per_page: PER_PAGE, rating },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next_page_url ? pages.length + 1 : undefined),
  });
}

export function useMyReview(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["reviews", "mine", courseId],
    queryFn: ({ signal }) => get<ReviewEligibility>(`/iu/courses/${courseId}/review`, { signal }),
    enabled,
  });
}

export function useSaveReview(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequest) => put<ReviewEligibility>(`/iu/courses/${courseId}/review`, body),
    onSuccess: (data) => {
      client.setQueryData(["reviews", "mine", courseId], data);
      // The title's average and the lists' cards move with the rating.
      void client.invalidateQueries({ queryKey: ["reviews", "list", courseId] });
      void client.invalidateQueries({ queryKey: ["catalog"] });
    },
  });
}

export function useReportReview(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) =>
      post<MessageBody>(`/iu/reviews/${input.id}/report`, { reason: input.reason }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["reviews", "list", courseId] }),
  });
}
