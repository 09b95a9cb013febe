/**
 * Ticket calls (guest link, learner, desk) and ticket subjects, one hook per endpoint, through the
 * one HTTP client. The three sides share the thread calls; a `TicketViewer` says whose they are.
 */
import type {
  deskTicketListQuery,
  guestTicketCreated,
  learnerTicketListQuery,
  MessageBody,
  TicketList,
  TicketSubjectInput,
  ticketAssigneeList,
  ticketDetailEnvelope,
  ticketSubjectEnvelope,
  ticketSubjectList,
  ticketSubjectPublic,
  ticketSubjectsPublicList,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, type ListQuery, post, put } from "../../lib/http";
import type { TicketViewer } from "./support.types";

export type { TicketViewer };
export type SubjectOption = z.infer<typeof ticketSubjectPublic>;
type TicketSubjectEnvelope = z.infer<typeof ticketSubjectEnvelope>;
type TicketDetailEnvelope = z.infer<typeof ticketDetailEnvelope>;

const basePath = (viewer: TicketViewer) =>
  viewer.kind === "guest" ? "/tickets" : viewer.kind === "learner" ? "/iu/tickets" : "/af/tickets";
const tokenQuery = (viewer: TicketViewer) => (viewer.kind === "guest" ? { token: viewer.token } : undefined);

export const supportKeys = {
  all: ["support"] as const,
  subjects: ["support", "subjects"] as const,
  ticket: (viewer: TicketViewer, id: number) => ["support", "ticket", viewer.kind, id] as const,
  lists: (kind: string) => ["support", "list", kind] as const,
  adminSubjects: ["support", "admin-subjects"] as const,
  assignees: ["support", "assignees"] as const,
};

/** Builds the multipart body of a ticket or a reply: its fields and the screenshots. */
export function ticketFormData(fields: Record<string, string | number | undefined>, files: File[]) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== "") data.append(key, String(value));
  }
  for (const file of files) data.append("screenshots", file, file.name);
  return data;
}

/* ------------------------------------------------------------------ subjects */

export function useTicketSubjects() {
  return useQuery({
    queryKey: supportKeys.subjects,
    queryFn: ({ signal }) => get<z.infer<typeof ticketSubjectsPublicList>>("/tickets/subjects", { signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}

export function useAdminSubjects() {
  return useQuery({
    queryKey: supportKeys.adminSubjects,
    queryFn: ({ signal }) => get<z.infer<typeof ticketSubjectList>>("/af/tickets/subjects", { signal }),
    select: (body) => body.data,
  });
}

export function useAdminSubject(id: number | null) {
  return useQuery({
    queryKey: [...supportKeys.adminSubjects, id],
    queryFn: ({ signal }) => get<TicketSubjectEnvelope>(`/af/tickets/subjects/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
  });
}

export function useSaveSubject(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketSubjectInput) =>
      id === null
        ? post<TicketSubjectEnvelope>("/af/tickets/subjects", input)
        : put<TicketSubjectEnvelope>(`/af/tickets/subjects/${id}`, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: supportKeys.adminSubjects });
      void client.invalidateQueries({ queryKey: supportKeys.subjects });
    },
  });
}

export function useDeleteSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/tickets/subjects/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: supportKeys.adminSubjects });
      void client.invalidateQueries({ queryKey: supportKeys.subjects });
    },
  });
}

/* ------------------------------------------------------------------ opening tickets */

export type GuestTicketCreated = z.infer<typeof guestTicketCreated>;

export function useOpenGuestTicket() {
  return useMutation({
    mutationFn: (body: FormData) => post<GuestTicketCreated>("/tickets", body),
  });
}

export function useOpenLearnerTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => post<TicketDetailEnvelope>("/iu/tickets", body),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.lists("learner") }),
  });
}

/* ------------------------------------------------------------------ lists */

export type LearnerListQuery = ListQuery<typeof learnerTicketListQuery>;

export function useLearnerTickets(query: LearnerListQuery) {
  return useQuery({
    queryKey: [...supportKeys.lists("learner"), query],
    queryFn: ({ signal }) =>
      get<TicketList>("/iu/tickets", {
        signal,
        query: { ...query, per_page: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The helpdesk filters (priority, tag, assignee) are "" for any, as the address holds them. */
export type DeskListQuery = ListQuery<typeof deskTicketListQuery>;
export const deskPerPage = 20;

export function useDeskTickets(mine: boolean, query: DeskListQuery) {
  return useQuery({
    queryKey: [...supportKeys.lists(mine ? "mine" : "desk"), query],
    queryFn: ({ signal }) =>
      get<TicketList>(mine ? "/af/tickets/me" : "/af/tickets", {
        signal,
        query: { ...query, per_page: deskPerPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAssignees(enabled: boolean) {
  return useQuery({
    queryKey: supportKeys.assignees,
    queryFn: ({ signal }) => get<z.infer<typeof ticketAssigneeList>>("/af/tickets/assignees", { signal }),
    select: (body) => body.data,
    enabled,
    staleTime: 60_000,
  });
}

/* ------------------------------------------------------------------ one ticket */

export function useTicket(viewer: TicketViewer, id: number | null) {
  return useQuery({
    queryKey: supportKeys.ticket(viewer, id ?? 0),
    queryFn: ({ signal }) =>
      get<TicketDetailEnvelope>(`${basePath(viewer)}/${id}`, { signal, query: tokenQuery(viewer) }),
    select: (body) => body.data,
    enabled: id !== null && id > 0,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

/** After any change, the answer's ticket replaces the cached one and the lists refresh. */
function useTicketChange<V>(
  viewer: TicketViewer,
  id: number,
  send: (path: string, value: V) => Promise<TicketDetailEnvelope>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: V) => send(`${basePath(viewer)}/${id}`, value),
    onSuccess: (body) => {
      client.setQueryData(supportKeys.ticket(viewer, id), { data: body.data });
      void client.invalidateQueries({ queryKey: ["support", "list"] });
    },
  });
}

export function useReply(viewer: TicketViewer, id: number) {
  return useTicketChange(viewer, id, (path, body: FormData) =>
    post<TicketDetailEnvelope>(`${path}/messages`, body, { query: tokenQuery(viewer) }),
  );
}

export function useTicketAction(viewer: TicketViewer, id: number) {
  return useTicketChange(viewer, id, (path, action: "resolve" | "reopen" | "claim") =>
    put<TicketDetailEnvelope>(`${path}/${action}`, undefined, { query: tokenQuery(viewer) }),
  );
}

export function useHandOver(id: number) {
  return useTicketChange({ kind: "staff" }, id, (path, adminId: number) =>
    put<TicketDetailEnvelope>(`${path}/hand-over`, { admin_id: adminId }),
  );
}

/** Claims a ticket from the desk list or the ticket page: 200, or 409 when another administrator was first. */
export function useClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<TicketDetailEnvelope>(`/af/tickets/${id}/claim`),
    onSuccess: (body, id) =>
      client.setQueryData(supportKeys.ticket({ kind: "staff" }, id), { data: body.data }),
    onSettled: (_body, _error, id) => {
      void client.invalidateQueries({ queryKey: ["support", "list"] });
      void client.invalidateQueries({ queryKey: supportKeys.ticket({ kind: "staff" }, id) });
    },
  });
}

export function useRefreshTicket(viewer: TicketViewer, id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: supportKeys.ticket(viewer, id) });
}

/** A private file (a screenshot) as a Blob, through the HTTP client so the session goes along. */
export async function fetchPrivateImage(path: string, signal?: AbortSignal): Promise<Blob | null> {
  const body = await get<unknown>(path, { signal, responseType: "blob" });
  return body instanceof Blob ? body : null;
}
