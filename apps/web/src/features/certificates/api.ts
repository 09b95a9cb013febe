/** Certificates: the learner's list and PDF, administrators' search and revoke, the public check. */
import type {
  adminCertificateItem,
  adminCertificateList,
  CertificateItem,
  CertificateVerification,
  CredentialVerification,
  certificateList,
  credentialVerifyInput,
  MessageBody,
  myPublicProfile,
  myPublicProfileSaved,
  PublicProfile,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

export type { CertificateItem, CertificateVerification, CredentialVerification, PublicProfile };
export type CertificateList = z.infer<typeof certificateList>;
export type Missing = CertificateList["missing"][number];
export type AdminCertificate = z.infer<typeof adminCertificateItem>;

export const certificateKeys = {
  mine: ["certificates", "mine"] as const,
  admin: (q: string, status: string, page: number, sort: string) =>
    ["certificates", "admin", q, status, page, sort] as const,
  verify: (code: string) => ["certificates", "verify", code] as const,
  publicProfile: ["certificates", "public-profile"] as const,
  profile: (handle: string) => ["certificates", "profile", handle] as const,
};

export const useMyCertificates = () =>
  useQuery({ queryKey: certificateKeys.mine, queryFn: () => get<CertificateList>("/iu/certificates") });

/** Fetches a file (PDF, credential, badge) with the session and saves it under a readable name. */
export async function downloadPdf(path: string, filename: string) {
  const blob = await get<Blob>(path, { responseType: "blob" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useAdminCertificates = (q: string, status: string, page: number, sort = "") =>
  useQuery({
    queryKey: certificateKeys.admin(q, status, page, sort),
    queryFn: () =>
      get<z.infer<typeof adminCertificateList>>("/af/certificates", {
        query: { q: q || undefined, status, page, per_page: 20, sort: sort || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** Staff actions on a certificate: revoke (final) or suspend, with a reason; reinstate a suspended one. */
export function useRevoke() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: "revoke" | "suspend" | "reinstate"; reason?: string }) =>
      post<MessageBody>(
        `/af/certificates/${input.id}/${input.action}`,
        input.action === "reinstate" ? undefined : { reason: input.reason },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ["certificates"] }),
  });
}

export const useVerification = (code: string) =>
  useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: () => get<CertificateVerification>(`/certificates/verify/${encodeURIComponent(code)}`),
    retry: false,
  });

export type MyPublicProfile = z.infer<typeof myPublicProfile>;

export const useMyPublicProfile = () =>
  useQuery({
    queryKey: certificateKeys.publicProfile,
    queryFn: () => get<MyPublicProfile>("/iu/certificates-profile"),
  });

export function useSavePublicProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) =>
      put<z.infer<typeof myPublicProfileSaved>>("/iu/certificates-profile", { handle }),
    onSuccess: (data) => client.setQueryData(certificateKeys.publicProfile, data),
  });
}

export function useRemovePublicProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del<MessageBody>("/iu/certificates-profile"),
    onSuccess: () => client.setQueryData(certificateKeys.publicProfile, { handle: null, url: null }),
  });
}

export const usePublicProfile = (handle: string) =>
  useQuery({
    queryKey: certificateKeys.profile(handle),
    queryFn: () => get<PublicProfile>(`/certificates/profiles/${encodeURIComponent(handle)}`),
    retry: false,
  });

/** What the verify page sends: a pasted or uploaded JWT or JSON text, or a PNG as base64. */
export type CredentialInput = z.input<typeof credentialVerifyInput>;

export const useVerifyCredential = () =>
  useMutation({
    mutationFn: (input: CredentialInput) => post<CredentialVerification>("/credentials/verify", input),
  });
