/**
 * Approvals: the queue of photos and identity documents waiting for review, a document fetched for
 * the review pane (the server logs the read and audits it as "viewed"), and the decision.
 */
import type { MessageBody, pendingReviewList } from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { get, post } from "../../lib/http";

export type DocumentKind = "photo" | "identity";
export type PendingReview = z.infer<typeof pendingReviewList>["data"][number];

const key = ["approvals"] as const;

export const usePendingReviews = () =>
  useQuery({
    queryKey: [...key, "queue"],
    queryFn: ({ signal }) =>
      get<z.infer<typeof pendingReviewList>>("/af/pending-approval-requests", { signal }),
  });

/**
 * The document as a blob URL (the response is a download, never an inline page of our origin).
 * Fetched once per item shown: each fetch is a logged read, which is what lets the reviewer approve.
 */
export function useReviewDocument(item: { userId: number; kind: DocumentKind; version: string } | null) {
  return useQuery({
    queryKey: [...key, "document", item?.userId, item?.kind, item?.version],
    queryFn: async ({ signal }) => {
      const blob = await get<Blob>(`/af/pending-approval-requests/${item!.userId}/${item!.kind}`, {
        signal,
        responseType: "blob",
      });
      return { url: URL.createObjectURL(blob), type: blob.type };
    },
    enabled: item !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      userId: number;
      kind: DocumentKind;
      decision: "approve" | "reject";
      reason?: string;
    }) =>
      post<MessageBody>(`/af/pending-approval-requests/${input.userId}/${input.kind}`, {
        decision: input.decision,
        ...(input.decision === "reject" ? { reason: input.reason } : {}),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...key, "queue"] });
      // The back-office dashboard counts the approvals waiting (backoffice/api.ts keys it by period).
      void client.invalidateQueries({ queryKey: ["backoffice", "dashboard"] });
    },
  });
}
