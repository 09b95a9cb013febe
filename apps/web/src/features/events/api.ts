/**
 * Event calls: the learner's events of a month (national or global), the iCalendar export fetched
 * through the HTTP client (so the session goes along) and saved as a file, and the back office.
 */
import type {
  EventAdminList,
  EventInput,
  EventList,
  eventAdminListQuery,
  eventEnvelope,
  MessageBody,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, type ListQuery, post, put } from "../../lib/http";

type EventEnvelope = z.infer<typeof eventEnvelope>;
export type EventScopeFilter = "all" | "national" | "global";
export type { EventList };

export const eventKeys = {
  all: ["events"] as const,
  learner: ["events", "learner"] as const,
  admin: ["events", "admin"] as const,
};

export function useLearnerEvents(range: { from: string; to: string }, scope: EventScopeFilter) {
  return useQuery({
    queryKey: [...eventKeys.learner, range, scope],
    queryFn: ({ signal }) => get<EventList>("/iu/events", { signal, query: { ...range, scope } }),
    placeholderData: keepPreviousData,
  });
}

/** The calendar file (text/calendar) as a Blob. */
export async function fetchCalendar(path: string, query?: Record<string, string>): Promise<Blob> {
  const body = await get<unknown>(path, {
    query,
    headers: { Accept: "text/calendar" },
    responseType: "blob",
  });
  if (body instanceof Blob) return body;
  return new Blob([typeof body === "string" ? body : ""], { type: "text/calendar;charset=utf-8" });
}

/** Saves a Blob as a download with the given file name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/* ------------------------------------------------------------------ back office */

export const adminPerPage = 20;
export type AdminEventQuery = ListQuery<typeof eventAdminListQuery>;

export function useAdminEvents(query: AdminEventQuery) {
  return useQuery({
    queryKey: [...eventKeys.admin, query],
    queryFn: ({ signal }) =>
      get<EventAdminList>("/af/events", {
        signal,
        query: { ...query, per_page: adminPerPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminEvent(id: number | null) {
  return useQuery({
    queryKey: [...eventKeys.admin, "one", id],
    queryFn: ({ signal }) => get<EventEnvelope>(`/af/events/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveEvent(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) =>
      id === null ? post<EventEnvelope>("/af/events", input) : put<EventEnvelope>(`/af/events/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/events/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
