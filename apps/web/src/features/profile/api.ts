/** The profile, photo/identity uploads and the review queue, over the one HTTP client. */
import type { ProfileBody, pendingReviewList, profileSaveBody } from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { get, post, put } from "../../lib/http";

export type { ProfileBody };
export type SaveResponse = z.infer<typeof profileSaveBody>;
export type PendingReview = z.infer<typeof pendingReviewList>["data"][number];

export const profileKeys = {
  me: ["profile", "me"] as const,
  pending: ["profile", "pending-reviews"] as const,
};

export const useProfile = () =>
  useQuery({ queryKey: profileKeys.me, queryFn: () => get<ProfileBody>("/iu/profile") });

function useSaved() {
  const client = useQueryClient();
  return (body: SaveResponse) => {
    client.setQueryData(profileKeys.me, body.profile);
    void client.invalidateQueries({ queryKey: ["certificates"] });
    return body;
  };
}

export function useSaveProfile() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => saved(await put<SaveResponse>("/iu/profile", body)),
  });
}

export function useConfirmContact() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: { kind: "email" | "phone"; code: string }) =>
      saved(await post<SaveResponse>("/iu/profile/contact/confirm", body)),
  });
}

export function useUploadDocument(kind: "photo" | "identity") {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return saved(await post<SaveResponse>(`/iu/profile/${kind}`, form));
    },
  });
}

/** A private file as an object URL (the API needs the bearer token, so no plain <img src>). */
export async function documentUrl(path: string): Promise<{ url: string; type: string }> {
  const blob = await get<Blob>(path, { responseType: "blob" });
  return { url: URL.createObjectURL(blob), type: blob.type };
}

export const usePendingReviews = () =>
  useQuery({
    queryKey: profileKeys.pending,
    queryFn: () => get<z.infer<typeof pendingReviewList>>("/af/pending-approval-requests"),
  });

export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      userId: number;
      kind: "photo" | "identity";
      decision: "approve" | "reject";
      reason?: string;
    }) =>
      post<{ message: string }>(`/af/pending-approval-requests/${input.userId}/${input.kind}`, {
        decision: input.decision,
        ...(input.decision === "reject" ? { reason: input.reason } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.pending }),
  });
}
