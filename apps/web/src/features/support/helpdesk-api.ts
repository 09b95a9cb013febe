/**
 * Calls of the desk's helpdesk tools (contract: schemas/helpdesk.ts): internal notes, triage, merge,
 * bulk claim/resolve, tags in use, response-time averages and canned replies.
 */
import type {
  CannedReply,
  CannedReplyInput,
  cannedReplyList,
  deskResponseTimes,
  MessageBody,
  TicketBulkResult,
  TicketDetail,
  TicketNote,
  TicketTriageInput,
  ticketNoteList,
  ticketTagList,
} from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";
import { supportKeys } from "./api";

type Envelope<T> = { message?: string; data: T };

export const helpdeskKeys = {
  notes: (id: number) => ["support", "notes", id] as const,
  canned: ["support", "canned"] as const,
  tags: ["support", "list", "tags"] as const,
  times: ["support", "list", "response-times"] as const,
};

export function useNotes(ticketId: number) {
  return useQuery({
    queryKey: helpdeskKeys.notes(ticketId),
    queryFn: ({ signal }) => get<z.infer<typeof ticketNoteList>>(`/af/tickets/${ticketId}/notes`, { signal }),
    select: (body) => body.data,
  });
}

export function useAddNote(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => post<Envelope<TicketNote>>(`/af/tickets/${ticketId}/notes`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: helpdeskKeys.notes(ticketId) }),
  });
}

/** A change that answers the ticket: the cached ticket is replaced and the desk lists refresh. */
function useStaffTicketChange<V>(ticketId: number, send: (value: V) => Promise<Envelope<TicketDetail>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (body) => {
      client.setQueryData(supportKeys.ticket({ kind: "staff" }, ticketId), { data: body.data });
      void client.invalidateQueries({ queryKey: ["support", "list"] });
      void client.invalidateQueries({ queryKey: ["support", "notes"] });
    },
  });
}

export function useTriage(ticketId: number) {
  return useStaffTicketChange(ticketId, (input: TicketTriageInput) =>
    put<Envelope<TicketDetail>>(`/af/tickets/${ticketId}/triage`, input),
  );
}

export function useMerge(ticketId: number) {
  return useStaffTicketChange(ticketId, (intoId: number) =>
    put<Envelope<TicketDetail>>(`/af/tickets/${ticketId}/merge`, { into_id: intoId }),
  );
}

export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: "claim" | "resolve"; ids: number[] }) =>
      post<TicketBulkResult>("/af/tickets/bulk", input),
    onSettled: () => client.invalidateQueries({ queryKey: ["support"] }),
  });
}

export function useTagsInUse() {
  return useQuery({
    queryKey: helpdeskKeys.tags,
    queryFn: ({ signal }) => get<z.infer<typeof ticketTagList>>("/af/tickets/tags", { signal }),
    select: (body) => body.data,
    staleTime: 60_000,
  });
}

export function useResponseTimes() {
  return useQuery({
    queryKey: helpdeskKeys.times,
    queryFn: ({ signal }) => get<z.infer<typeof deskResponseTimes>>("/af/tickets/response-times", { signal }),
    select: (body) => body.data,
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: helpdeskKeys.canned,
    queryFn: ({ signal }) => get<z.infer<typeof cannedReplyList>>("/af/tickets/canned-replies", { signal }),
    select: (body) => body.data,
    staleTime: 60_000,
  });
}

export function useSaveCanned(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CannedReplyInput) =>
      id === null
        ? post<Envelope<CannedReply>>("/af/tickets/canned-replies", input)
        : put<Envelope<CannedReply>>(`/af/tickets/canned-replies/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: helpdeskKeys.canned }),
  });
}

export function useDeleteCanned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/tickets/canned-replies/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: helpdeskKeys.canned }),
  });
}
