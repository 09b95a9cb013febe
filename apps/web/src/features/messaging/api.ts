/** The delivery record of mail and SMS (GET /api/af/outbox) and the retry of a failed message. */
import type { OutboxDeliveryList, outboxListQuery, outboxRetried } from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { get, type ListQuery, post } from "../../lib/http";

export const perPage = 20;
const key = ["messaging", "outbox"] as const;

/** "all" (status, channel) is the filter left open. */
export type OutboxFilters = ListQuery<typeof outboxListQuery>;

export function useOutbox(filters: OutboxFilters) {
  return useQuery({
    queryKey: [...key, filters],
    queryFn: ({ signal }) =>
      get<OutboxDeliveryList>("/af/outbox", {
        signal,
        query: {
          status: filters.status === "all" ? undefined : filters.status,
          channel: filters.channel === "all" ? undefined : filters.channel,
          search: filters.search || undefined,
          sort: filters.sort || undefined,
          page: filters.page,
          per_page: perPage,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<z.infer<typeof outboxRetried>>(`/af/outbox/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
