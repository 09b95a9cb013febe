/** The back office of global notifications: drafts, publishing to every learner, retracting. */
import type {
  GlobalNotificationInput,
  globalNotificationEnvelope,
  globalNotificationList,
  globalNotificationListQuery,
  MessageBody,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, type ListQuery, post, put } from "../../lib/http";

type GlobalNotificationEnvelope = z.infer<typeof globalNotificationEnvelope>;
export const perPage = 20;
const key = ["global-notifications"] as const;

export function useGlobalNotifications(query: ListQuery<typeof globalNotificationListQuery>) {
  return useQuery({
    queryKey: [...key, "list", query],
    queryFn: ({ signal }) =>
      get<z.infer<typeof globalNotificationList>>("/af/global-notifications", {
        signal,
        query: { ...query, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGlobalNotification(id: number | null) {
  return useQuery({
    queryKey: [...key, "one", id],
    queryFn: ({ signal }) => get<GlobalNotificationEnvelope>(`/af/global-notifications/${id}`, { signal }),
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
        ? post<GlobalNotificationEnvelope>("/af/global-notifications", input)
        : put<GlobalNotificationEnvelope>(`/af/global-notifications/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function usePublishGlobalNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<GlobalNotificationEnvelope>(`/af/global-notifications/${id}/publish`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteGlobalNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/global-notifications/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
