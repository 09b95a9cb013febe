/** The shop's calls: the learner shop (lists, a product, categories) and the back office. */
import type {
  AdminProduct,
  distributorInput,
  distributorList,
  MessageBody,
  notesOfferChoices,
  Paginated,
  ProductCard,
  ProductDetail,
  ShopSaved,
  shipmentList,
  shopCategoryInput,
  shopCategoryList,
  stockAdjusted,
  stockOverview,
  stockRequestInput,
  stockRequestList,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

export const SHOP_PER_PAGE = 12;
export type ShopView = "all" | "available" | "top";

function useLanguage() {
  return useTranslation().i18n.language === "es" ? "es" : "en";
}

export const shopKeys = {
  all: ["shop"] as const,
  admin: ["shop", "admin"] as const,
};

export function useProducts(params: {
  view: ShopView;
  page: number;
  q?: string;
  categoryId?: number;
  kind?: string;
}) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKeys.all, "list", params, language],
    queryFn: ({ signal }) =>
      get<Paginated<ProductCard>>("/shop/products", {
        signal,
        query: {
          view: params.view,
          page: params.page,
          per_page: SHOP_PER_PAGE,
          q: params.q || undefined,
          category_id: params.categoryId,
          kind: params.kind || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKeys.all, "product", id, language],
    queryFn: ({ signal }) => get<ProductDetail>(`/shop/products/${id}`, { signal }),
    enabled: id > 0,
    retry: false,
  });
}

export function useShopCategories() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKeys.all, "categories", language],
    queryFn: ({ signal }) => get<z.infer<typeof shopCategoryList>>("/shop/categories", { signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}

/* ------------------------------------------------------------------ back office */

export const ADMIN_PER_PAGE = 20;

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shopKeys.all });
}

export function useAdminProducts(query: {
  q: string;
  status: string;
  kind: string;
  sort: string;
  page: number;
}) {
  return useQuery({
    queryKey: [...shopKeys.admin, "products", query],
    queryFn: ({ signal }) =>
      get<Paginated<Omit<AdminProduct, "description_en" | "description_es">>>("/af/products", {
        signal,
        query: {
          q: query.q || undefined,
          status: query.status || undefined,
          kind: query.kind || undefined,
          sort: query.sort || undefined,
          page: query.page,
          per_page: ADMIN_PER_PAGE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProduct(id: number | null) {
  return useQuery({
    queryKey: [...shopKeys.admin, "product", id],
    queryFn: ({ signal }) => get<AdminProduct>(`/af/products/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveProduct(id: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: unknown) =>
      id === null
        ? post<AdminProduct>("/af/products", input)
        : put<AdminProduct>(`/af/products/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/products/${id}`),
    onSuccess: invalidate,
  });
}

export function useNotesOffers(enabled: boolean) {
  return useQuery({
    queryKey: [...shopKeys.admin, "offers"],
    queryFn: ({ signal }) => get<z.infer<typeof notesOfferChoices>>("/af/notes-offers", { signal }),
    select: (body) => body.data,
    enabled,
  });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: [...shopKeys.admin, "categories"],
    queryFn: ({ signal }) => get<z.infer<typeof shopCategoryList>>("/af/shop-categories", { signal }),
    select: (body) => body.data,
  });
}

export function useSaveCategory(id: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: z.input<typeof shopCategoryInput>) =>
      id === null
        ? post<ShopSaved>("/af/shop-categories", input)
        : put<ShopSaved>(`/af/shop-categories/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/shop-categories/${id}`),
    onSuccess: invalidate,
  });
}

export function useDistributors() {
  return useQuery({
    queryKey: [...shopKeys.admin, "distributors"],
    queryFn: ({ signal }) => get<z.infer<typeof distributorList>>("/af/shop-distributors", { signal }),
    select: (body) => body.data,
  });
}

export function useSaveDistributor(id: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: z.input<typeof distributorInput>) =>
      id === null
        ? post<ShopSaved>("/af/shop-distributors", input)
        : put<ShopSaved>(`/af/shop-distributors/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteDistributor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/shop-distributors/${id}`),
    onSuccess: invalidate,
  });
}

export function useStockOverview() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKeys.admin, "overview", language],
    queryFn: ({ signal }) =>
      get<z.infer<typeof stockOverview>>("/af/products-overview", {
        signal,
      }),
  });
}

export function useAdjustStock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { productId: number; bindingId: number; stock: number; reason: string }) =>
      put<z.infer<typeof stockAdjusted>>(
        `/af/products/${input.productId}/bindings/${input.bindingId}/stock`,
        {
          stock: input.stock,
          reason: input.reason,
        },
      ),
    onSuccess: invalidate,
  });
}

export function useStockRequests(status: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKeys.admin, "requests", status, language],
    queryFn: ({ signal }) =>
      get<z.infer<typeof stockRequestList>>("/af/stock-requests", {
        signal,
        query: { status: status || undefined },
      }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });
}

export function useCreateStockRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: z.input<typeof stockRequestInput>) => post<ShopSaved>("/af/stock-requests", input),
    onSuccess: invalidate,
  });
}

export function useReceiveStockRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; received_quantity: number }) =>
      post<MessageBody>(`/af/stock-requests/${input.id}/receive`, {
        received_quantity: input.received_quantity,
      }),
    onSuccess: invalidate,
  });
}

export function useCancelStockRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post<MessageBody>(`/af/stock-requests/${id}/cancel`, {}),
    onSuccess: invalidate,
  });
}

export function useShipments(status: string, sort: string) {
  return useQuery({
    queryKey: [...shopKeys.admin, "shipments", status, sort],
    queryFn: ({ signal }) =>
      get<z.infer<typeof shipmentList>>("/af/shipments", {
        signal,
        query: { status: status || undefined, sort: sort || undefined },
      }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });
}

export function useUpdateShipment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: {
      orderId: number;
      status: "packed" | "shipped" | "delivered";
      tracking_reference?: string;
      carrier?: string;
    }) =>
      put<MessageBody>(`/af/shipments/${input.orderId}`, {
        status: input.status,
        tracking_reference: input.tracking_reference || null,
        carrier: input.carrier || null,
      }),
    onSuccess: invalidate,
  });
}

export function useProductImage(id: number | null) {
  const invalidate = useInvalidate();
  return {
    upload: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append("image", file);
        return post<AdminProduct>(`/af/products/${id}/image`, body);
      },
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: () => del<AdminProduct>(`/af/products/${id}/image`),
      onSuccess: invalidate,
    }),
  };
}
