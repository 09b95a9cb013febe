/** The profile and its photo/identity uploads, over the one HTTP client (the review queue is approvals/api.ts). */
import type { ProfileBody, profileSaveBody } from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { get, post, put } from "../../lib/http";

export type { ProfileBody };
export type SaveResponse = z.infer<typeof profileSaveBody>;

export const profileKeys = {
  me: ["profile", "me"] as const,
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
