/**
 * Calls of the privacy desk, "Download my data", ticket routing, the desk workload and e-book access
 * (shapes: packages/contract/src/schemas/privacy.ts).
 */
import type {
  DeskWorkload,
  EbookAdminItem,
  ebookAccessList,
  MessageBody,
  Paginated,
  PendingDeletion,
  PrivacyExportAdmin,
  PrivacyTicketList,
  privacyExportEnvelope,
  privacyExportState,
  subjectRouteList,
  TicketRouting,
  ticketPurchases,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

export const privacyKeys = {
  all: ["privacy"] as const,
  mine: ["privacy", "mine"] as const,
  exports: (status: string, page: number) => ["privacy", "exports", status, page] as const,
  deletions: (search: string, page: number) => ["privacy", "deletions", search, page] as const,
  tickets: ["privacy", "tickets"] as const,
  routes: ["privacy", "subject-routes"] as const,
  purchases: (ticketId: number) => ["privacy", "purchases", ticketId] as const,
  workload: ["privacy", "workload"] as const,
  ebooks: (search: string, page: number) => ["privacy", "ebooks", search, page] as const,
  ebookAccess: (id: number) => ["privacy", "ebook-access", id] as const,
};

/** Saves a file fetched with the session under a readable name. */
export async function downloadFile(path: string, filename: string) {
  const blob = await get<Blob>(path.replace(/^\/api/, ""), { responseType: "blob" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/* ----------------------------------------------------------- the learner */

export function useMyExport() {
  return useQuery({
    queryKey: privacyKeys.mine,
    queryFn: ({ signal }) => get<z.infer<typeof privacyExportState>>("/iu/privacy/export", { signal }),
    select: (body) => body.data,
    // While the file is being built, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.data?.status === "pending" ? 3000 : false),
  });
}

export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post<z.infer<typeof privacyExportEnvelope>>("/iu/privacy/export"),
    onSettled: () => client.invalidateQueries({ queryKey: privacyKeys.mine }),
  });
}

/* ------------------------------------------------------- the privacy desk */

export function useExports(status: string, sort: string, page: number) {
  return useQuery({
    queryKey: [...privacyKeys.exports(status, page), sort],
    queryFn: ({ signal }) =>
      get<Paginated<PrivacyExportAdmin>>("/af/privacy/exports", {
        signal,
        query: { status: status || undefined, sort: sort || undefined, page, per_page: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDeletions(search: string, page: number) {
  return useQuery({
    queryKey: privacyKeys.deletions(search, page),
    queryFn: ({ signal }) =>
      get<Paginated<PendingDeletion>>("/af/privacy/deletions", {
        signal,
        query: { search: search || undefined, page, per_page: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePrivacyTickets(enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.tickets,
    queryFn: ({ signal }) => get<PrivacyTicketList>("/af/privacy/tickets", { signal }),
    enabled,
  });
}

export function useDeskExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { login: string; reason: string }) =>
      post<z.infer<typeof privacyExportEnvelope>>("/af/privacy/exports", body),
    onSuccess: () => client.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

export function useDeletionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: "erase" | "cancel"; reason: string }) =>
      post<MessageBody>(`/af/privacy/deletions/${input.id}/${input.action}`, { reason: input.reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/* --------------------------------------------- ticket routing and the desk */

export function useSubjectRoutes(enabled = true) {
  return useQuery({
    queryKey: privacyKeys.routes,
    queryFn: ({ signal }) =>
      get<z.infer<typeof subjectRouteList>>("/af/tickets/subject-routes", {
        signal,
      }),
    select: (body) => new Map(body.data.map((r) => [r.subject_id, r.routing])),
    enabled,
  });
}

export function useSetSubjectRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; routing: TicketRouting | null }) =>
      put<MessageBody>(`/af/tickets/subjects/${input.id}/route`, { routing: input.routing }),
    onSuccess: () => client.invalidateQueries({ queryKey: privacyKeys.routes }),
  });
}

export function useTicketPurchases(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.purchases(ticketId),
    queryFn: ({ signal }) =>
      get<z.infer<typeof ticketPurchases>>(`/af/tickets/${ticketId}/purchases`, { signal }),
    select: (body) => body.data,
    enabled,
    retry: false,
  });
}

export function useWorkload(enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.workload,
    queryFn: ({ signal }) => get<DeskWorkload>("/af/tickets/workload", { signal }),
    enabled,
  });
}

export function useUnclaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: number) => put<MessageBody>(`/af/tickets/${ticketId}/unclaim`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["support"] });
      void client.invalidateQueries({ queryKey: privacyKeys.workload });
    },
  });
}

/* ---------------------------------------------------------------- e-books */

export function useEbooks(search: string, page: number) {
  return useQuery({
    queryKey: privacyKeys.ebooks(search, page),
    queryFn: ({ signal }) =>
      get<Paginated<EbookAdminItem>>("/af/ebooks", {
        signal,
        query: { search: search || undefined, page, per_page: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEbookAccess(id: number | null) {
  return useQuery({
    queryKey: privacyKeys.ebookAccess(id ?? 0),
    queryFn: ({ signal }) => get<z.infer<typeof ebookAccessList>>(`/af/ebooks/${id}/access`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
  });
}

export function useGrantEbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; login: string; note: string }) =>
      post<MessageBody>(`/af/ebooks/${input.id}/access`, { login: input.login, note: input.note || null }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["privacy"] }),
  });
}

export function useRevokeEbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grantId: number) => del<MessageBody>(`/af/ebooks/access/${grantId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["privacy"] }),
  });
}
