/**
 * Adverts: the live adverts of a block on learner pages (public), and the back office of blocks and
 * adverts (an advert is sent as multipart: `data` JSON and an optional `image`).
 */
import type { AdvertInput, AdvertItem, AdvertisementBlockInput, AdvertPlacement } from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { del, get, post, put } from "../../lib/http";

type Envelope<T> = { message?: string; data: T };
export type AdvertPublic = {
  id: number;
  title: { en: string; es: string };
  image_url: string;
  link_url: string | null;
};
export type AdvertBlock = {
  id: number;
  key: string;
  name: string;
  description: string | null;
  placement: AdvertPlacement;
  active: boolean;
  adverts_count: number;
  created_at: string;
  updated_at: string;
};

const key = ["adverts"] as const;
export const advertsPerPage = 20;

export function useLiveAdverts(placement: AdvertPlacement) {
  return useQuery({
    queryKey: [...key, "live", placement],
    queryFn: ({ signal }) => get<{ data: AdvertPublic[] }>("/adverts", { signal, query: { placement } }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/* ------------------------------------------------------------------ blocks */

export function useAdvertBlocks() {
  return useQuery({
    queryKey: [...key, "blocks"],
    queryFn: ({ signal }) => get<{ data: AdvertBlock[] }>("/af/advertisement-blocks", { signal }),
    select: (body) => body.data,
  });
}

export function useAdvertBlock(id: number | null) {
  return useQuery({
    queryKey: [...key, "blocks", id],
    queryFn: ({ signal }) => get<Envelope<AdvertBlock>>(`/af/advertisement-blocks/${id}`, { signal }),
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
        ? post<Envelope<AdvertBlock>>("/af/advertisement-blocks", input)
        : put<Envelope<AdvertBlock>>(`/af/advertisement-blocks/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteAdvertBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/af/advertisement-blocks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/* ------------------------------------------------------------------ adverts */

export function useAdverts(query: { block: string; sort: string; page: number }) {
  return useQuery({
    queryKey: [...key, "list", query],
    queryFn: ({ signal }) =>
      get<{ data: AdvertItem[]; next_page_url: string | null; total: number }>("/af/adverts", {
        signal,
        query: { block_id: query.block, sort: query.sort, page: query.page, per_page: advertsPerPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdvert(id: number | null) {
  return useQuery({
    queryKey: [...key, "one", id],
    queryFn: ({ signal }) => get<Envelope<AdvertItem>>(`/af/adverts/${id}`, { signal }),
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
        ? post<Envelope<AdvertItem>>("/af/adverts", advertFormData(input, image))
        : put<Envelope<AdvertItem>>(`/af/adverts/${id}`, image ? advertFormData(input, image) : input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteAdvert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/af/adverts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
