/**
 * Commerce calls (see the header of packages/contract/src/schemas/commerce.ts), one hook per
 * endpoint, through the one HTTP client. Types come from the contract (type-only imports: no zod at run time).
 */
import type {
  AdminOrder,
  AdminOrderRow,
  CardSetup,
  CheckoutResult,
  Coupon,
  CouponInput,
  CourseDetail,
  CourseList,
  checkoutInput,
  guestCheckoutInput,
  HouseholdIncomeCategory,
  MessageBody,
  mySalaryScale,
  mySponsorships,
  Paginated,
  PaymentsConfig,
  PricedCart,
  Purchase,
  pricingRequest,
  RefundCreated,
  refund,
  SavedCard,
  savedCardList,
  sponsorshipDraft,
  sponsorshipDraftInput,
  sponsorshipItem,
  transaction,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

export const perPage = 10;
export const adminPerPage = 20;

export const commerceKeys = {
  all: ["commerce"] as const,
  price: (scope: string, body: unknown) => ["commerce", "price", scope, body] as const,
  config: ["commerce", "payments-config"] as const,
  cards: ["commerce", "cards"] as const,
  purchases: (page: number) => ["commerce", "purchases", page] as const,
  salaryScale: ["commerce", "salary-scale"] as const,
  sponsorships: ["commerce", "sponsorships"] as const,
  admin: (what: string, query?: unknown) => ["commerce", "admin", what, query] as const,
};

/* ------------------------------------------------------------------ pricing */

export type PricingBody = z.input<typeof pricingRequest>;

/** The server's prices for the cart (learners: POST /iu/cart/price; guests: POST /cart/price). */
export function usePricing(
  body: PricingBody,
  { learner, enabled = true }: { learner: boolean; enabled?: boolean },
) {
  return useQuery({
    queryKey: commerceKeys.price(learner ? "learner" : "guest", body),
    queryFn: ({ signal }) =>
      post<PricedCart>(
        learner ? "/iu/cart/price" : "/cart/price",
        learner ? body : { ...body, coupon_code: null },
        {
          signal,
        },
      ),
    enabled: enabled && body.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: 1,
  });
}

/* ------------------------------------------------------------------ payments */

export function usePaymentsConfig() {
  return useQuery({
    queryKey: commerceKeys.config,
    queryFn: ({ signal }) => get<PaymentsConfig>("/payments/config", { signal }),
    staleTime: 30 * 60_000,
  });
}

/** A learner's checkout, or a guest's with the email and name the guest route also takes. */
export type CheckoutBody = z.input<typeof checkoutInput> &
  Partial<Pick<z.input<typeof guestCheckoutInput>, "email" | "name">>;

/** POST /iu/checkout (or /checkout for a guest's sponsorship) with the attempt's Idempotency-Key. */
export function useCheckout({ guest = false }: { guest?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CheckoutBody; key: string }) =>
      post<CheckoutResult>(guest ? "/checkout" : "/iu/checkout", body, {
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: (result) => {
      if (result.status === "succeeded") void client.invalidateQueries();
    },
  });
}

export function useConfirmCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => post<CheckoutResult>(`/iu/checkout/${orderId}/confirm`),
    onSuccess: () => void client.invalidateQueries(),
  });
}

/** POST /checkout/{orderId}/confirm: a guest finishes the extra step (the return link's token, or Stripe's client secret). */
export function useGuestConfirm() {
  return useMutation({
    mutationFn: ({
      orderId,
      ...proof
    }: {
      orderId: number;
      confirm_token?: string;
      client_secret?: string;
    }) => post<CheckoutResult>(`/checkout/${orderId}/confirm`, proof),
  });
}

/* ------------------------------------------------------------------ cards */

/** POST /iu/cards/setup: Stripe's SetupIntent client secret for Stripe.js (null with the sandbox). */
export function useCardSetup() {
  return useMutation({
    mutationFn: () => post<CardSetup>("/iu/cards/setup"),
  });
}

export function useCards(enabled = true) {
  return useQuery({
    queryKey: commerceKeys.cards,
    queryFn: ({ signal }) => get<z.infer<typeof savedCardList>>("/iu/cards", { signal }),
    select: (body) => body.data,
    enabled,
  });
}

export function useAddCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; make_default?: boolean }) => post<SavedCard>("/iu/cards", input),
    onSuccess: () => void client.invalidateQueries({ queryKey: commerceKeys.cards }),
  });
}

export function useDefaultCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<z.infer<typeof savedCardList>>(`/iu/cards/${id}/default`),
    onSuccess: (body) => client.setQueryData(commerceKeys.cards, body),
  });
}

export function useRemoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/iu/cards/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: commerceKeys.cards }),
  });
}

/* ------------------------------------------------------------------ history */

export function usePurchases(page: number) {
  return useQuery({
    queryKey: commerceKeys.purchases(page),
    queryFn: ({ signal }) =>
      get<Paginated<Purchase>>("/iu/purchases", { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The receipt PDF through the HTTP client (bearer token and refresh), saved with a file name. */
export async function downloadReceipt(orderId: number, fileName: string): Promise<void> {
  const blob = await get<Blob>(`/iu/purchases/${orderId}/receipt`, {
    responseType: "blob",
    headers: { Accept: "application/pdf" },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/* ------------------------------------------------------------------ salary scale */

export type { HouseholdIncomeCategory };
export type MySalaryScale = z.infer<typeof mySalaryScale>;

export function useSalaryScale() {
  return useQuery({
    queryKey: commerceKeys.salaryScale,
    queryFn: ({ signal }) => get<MySalaryScale>("/iu/salary-scale", { signal }),
  });
}

export function useApplySalaryScale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { country: string; household_income_category_id: number; declaration: true }) =>
      post<MySalaryScale & MessageBody>("/iu/salary-scale", input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: commerceKeys.salaryScale });
      void client.invalidateQueries({ queryKey: ["commerce", "price"] });
    },
  });
}

export function useWithdrawSalaryScale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del<MessageBody>("/iu/salary-scale"),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: commerceKeys.salaryScale });
      void client.invalidateQueries({ queryKey: ["commerce", "price"] });
    },
  });
}

/* ------------------------------------------------------------------ sponsorship */

export type SponsorshipDraftInput = z.input<typeof sponsorshipDraftInput>;
export type SponsorshipDraft = z.infer<typeof sponsorshipDraft>;
export type SponsorshipItem = z.infer<typeof sponsorshipItem>;

export function useSponsorshipDraft({ guest = false }: { guest?: boolean } = {}) {
  return useMutation({
    mutationFn: (input: SponsorshipDraftInput) =>
      post<SponsorshipDraft>(guest ? "/sponsorships" : "/iu/sponsorships", input),
  });
}

export function useMySponsorships() {
  return useQuery({
    queryKey: commerceKeys.sponsorships,
    queryFn: ({ signal }) => get<z.infer<typeof mySponsorships>>("/iu/sponsorships", { signal }),
  });
}

/** Paid titles a sponsor can offer (the catalogue's list). */
export function useSponsorableCourses(learner: boolean) {
  return useQuery({
    queryKey: ["commerce", "sponsorable-courses", learner],
    queryFn: ({ signal }) =>
      get<CourseList>(learner ? "/iu/courses" : "/courses", {
        query: { per_page: 100, status: "published" },
        signal,
      }),
    select: (body) => body.data.filter((c) => !c.is_free && c.price_pence > 0),
    staleTime: 5 * 60_000,
  });
}

/* ------------------------------------------------------------------ module exams */

/** The title's outline with each module's and level's exam (GET /iu/courses/{id}). */
export function useCourseOutline(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["commerce", "course-outline", courseId],
    queryFn: ({ signal }) => get<CourseDetail>(`/iu/courses/${courseId}`, { signal }),
    enabled,
  });
}

/* ------------------------------------------------------------------ back office */

export type AdminListQuery = Record<string, string | number | undefined>;

function useAdminList<T>(what: string, path: string, query: AdminListQuery) {
  return useQuery({
    queryKey: commerceKeys.admin(what, query),
    queryFn: ({ signal }) => get<Paginated<T>>(path, { query: { per_page: adminPerPage, ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useCoupons = (query: AdminListQuery) => useAdminList<Coupon>("coupons", "/af/coupons", query);

export function useCoupon(id: number | null) {
  return useQuery({
    queryKey: commerceKeys.admin("coupon", id),
    queryFn: ({ signal }) => get<Coupon>(`/af/coupons/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveCoupon(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponInput) =>
      id === null ? post<Coupon>("/af/coupons", input) : put<Coupon>(`/af/coupons/${id}`, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["commerce", "admin"] }),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/coupons/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["commerce", "admin"] }),
  });
}

export type Transaction = z.infer<typeof transaction>;
export const useTransactions = (query: AdminListQuery) =>
  useAdminList<Transaction>("transactions", "/af/transactions", query);

export const useOrders = (query: AdminListQuery) =>
  useAdminList<AdminOrderRow>("orders", "/af/orders", query);

/**
 * The internal id of the order staff name by its public number (`A-000123`, `a-123`) or, for an
 * order never paid, by its id; null when no order matches.
 */
export async function findOrderId(text: string): Promise<number | null> {
  const typed = text.trim();
  if (/^\d+$/.test(typed)) return Number(typed);
  const found = await get<Paginated<AdminOrderRow>>(
    `/af/orders?search=${encodeURIComponent(typed)}&per_page=2`,
  );
  const [only] = found.data.filter((o) => o.number !== null);
  return found.data.length === 1 && only ? only.id : null;
}

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: commerceKeys.admin("order", id),
    queryFn: ({ signal }) => get<AdminOrder>(`/af/orders/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export type Refund = z.infer<typeof refund>;
export const useRefunds = (query: AdminListQuery) => useAdminList<Refund>("refunds", "/af/refunds", query);

export function useCreateRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { order_id: number; line_ids?: number[]; amount?: number; reason: string }) =>
      post<RefundCreated>("/af/refunds", input),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["commerce", "admin"] }),
  });
}

export const useAdminSponsorships = (query: AdminListQuery) =>
  useAdminList<SponsorshipItem>("sponsorships", "/af/sponsorships", query);
