/** Certificates: the learner's list and PDF, administrators' search and revoke, the public check. */
import type { CertificateItem, CertificateVerification } from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { get, post } from "../../lib/http";

export type { CertificateItem, CertificateVerification };
export type Missing = "profile" | "photo" | "identity";
export type CertificateList = { data: CertificateItem[]; locked: boolean; missing: Missing[] };
export type AdminCertificate = CertificateItem & {
  user_id: number;
  username: string;
  learner_name: string;
  revoke_reason: string | null;
};

export const certificateKeys = {
  mine: ["certificates", "mine"] as const,
  admin: (q: string, status: string, page: number) => ["certificates", "admin", q, status, page] as const,
  verify: (code: string) => ["certificates", "verify", code] as const,
};

export const useMyCertificates = () =>
  useQuery({ queryKey: certificateKeys.mine, queryFn: () => get<CertificateList>("/iu/certificates") });

/** Fetches a PDF with the session and saves it under a readable name. */
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

export const useAdminCertificates = (q: string, status: string, page: number) =>
  useQuery({
    queryKey: certificateKeys.admin(q, status, page),
    queryFn: () =>
      get<{ data: AdminCertificate[]; total: number; next_page_url: string | null }>("/af/certificates", {
        query: { q: q || undefined, status, page, per_page: 20 },
      }),
    placeholderData: keepPreviousData,
  });

export function useRevoke() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) =>
      post<{ message: string }>(`/af/certificates/${input.id}/revoke`, { reason: input.reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["certificates"] }),
  });
}

export const useVerification = (code: string) =>
  useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: () => get<CertificateVerification>(`/certificates/verify/${encodeURIComponent(code)}`),
    retry: false,
  });
