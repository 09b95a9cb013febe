/**
 * Adverts: the live adverts of a block on learner pages (public), and the back office of blocks and
 * adverts (an advert is sent as multipart: `data` JSON and an optional `image`).
 */
import type {
  AdvertInput,
  AdvertisementBlockInput,
  AdvertPlacement,
  advertEnvelope,
  advertisementBlockEnvelope,
  advertisementBlockList,
  advertList,
  advertPublicList,
  MessageBody,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

export type AdvertPublic = z.infer<typeof advertPublicList>["data"][number];
export type AdvertBlock = z.infer<typeof advertisementBlockList>["data"][number];
type AdvertBlockEnvelope = z.infer<typeof advertisementBlockEnvelope>;
type AdvertEnvelope = z.infer<typeof advertEnvelope>;

const key = ["adverts"] as const;
export const advertsPerPage = 20;

export function useLiveAdverts(placement: AdvertPlacement) {
  return useQuery({
    queryKey: [...key, "live", placement],
    queryFn: ({ signal }) =>
      get<z.infer<typeof advertPublicList>>("/adverts", { signal, query: { placement } }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/* ------------------------------------------------------------------ blocks */

export function useAdvertBlocks() {
  return useQuery({
    queryKey: [...key, "blocks"],
    queryFn: ({ signal }) =>
      get<z.infer<typeof advertisementBlockList>>("/af/advertisement-blocks", { signal }),
    select: (body) => body.data,
  });
}

export function useAdvertBlock(id: number | null) {
  return useQuery({
    queryKey: [...key, "blocks", id],
    queryFn: ({ signal }) => get<AdvertBlockEnvelope>(`/af/advertisement-blocks/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveAdvertBlock(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdvertisementBlockInput) =>
      id === null
        ? post<AdvertBlockEnvelope>("/af/advertisement-blocks", input)
        : put<AdvertBlockEnvelope>(`/af/advertisement-blocks/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteAdvertBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/advertisement-blocks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/* ------------------------------------------------------------------ adverts */

export function useAdverts(query: { block: string; sort: string; page: number }) {
  return useQuery({
    queryKey: [...key, "list", query],
    queryFn: ({ signal }) =>
      get<z.infer<typeof advertList>>("/af/adverts", {
        signal,
        query: { block_id: query.block, sort: query.sort, page: query.page, per_page: advertsPerPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdvert(id: number | null) {
  return useQuery({
    queryKey: [...key, "one", id],
    queryFn: ({ signal }) => get<AdvertEnvelope>(`/af/adverts/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

/** The multipart body of an advert: its fields as JSON in `data`, and the image when one was chosen. */
export function advertFormData(input: AdvertInput, image: File | null): FormData {
  const body = new FormData();
  body.append("data", JSON.stringify(input));
  if (image) body.append("image", image, image.name);
  return body;
}

export function useSaveAdvert(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, image }: { input: AdvertInput; image: File | null }) =>
      id === null
        ? post<AdvertEnvelope>("/af/adverts", advertFormData(input, image))
        : put<AdvertEnvelope>(`/af/adverts/${id}`, image ? advertFormData(input, image) : input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteAdvert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/adverts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
