/** The back office of global notifications: drafts, publishing to every learner, retracting. */
import type { GlobalNotificationAdmin, GlobalNotificationInput } from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { del, get, post, put } from "../../lib/http";

type Envelope<T> = { message?: string; data: T };
export const perPage = 20;
const key = ["global-notifications"] as const;

export function useGlobalNotifications(query: { search: string; sort: string; page: number }) {
  return useQuery({
    queryKey: [...key, "list", query],
    queryFn: ({ signal }) =>
      get<{ data: GlobalNotificationAdmin[]; next_page_url: string | null; total: number }>(
        "/af/global-notifications",
        { signal, query: { ...query, per_page: perPage } },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGlobalNotification(id: number | null) {
  return useQuery({
    queryKey: [...key, "one", id],
    queryFn: ({ signal }) =>
      get<Envelope<GlobalNotificationAdmin>>(`/af/global-notifications/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveGlobalNotification(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GlobalNotificationInput) =>
      id === null
        ? post<Envelope<GlobalNotificationAdmin>>("/af/global-notifications", input)
        : put<Envelope<GlobalNotificationAdmin>>(`/af/global-notifications/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function usePublishGlobalNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      post<Envelope<GlobalNotificationAdmin>>(`/af/global-notifications/${id}/publish`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteGlobalNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/af/global-notifications/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
