/** Response shapes every feature shares: the error bodies of spec section 8, lists, health. */
import { z } from "zod";
import { count, maxPage } from "./validators";

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

/** Invalid fields: `{ errors: { field: [messages] } }`; `message` summarises for general display. */
export const fieldErrorsBody = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type FieldErrorsBody = z.infer<typeof fieldErrorsBody>;

export const errorBody = z.union([fieldErrorsBody, messageBody]);

/** Paginated list as the spec's clients expect: `data` and the URL of the next page. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_page_url: z.string().nullable(),
    total: z.number().int(),
  });
}
/** A page of `T`s as `paginated(item)` answers it, for clients that hold the item's type already. */
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginated>>, "data"> & { data: T[] };

/** A page of a list; the page number is bounded so an offset always fits the database's integers. */
export const pageQuery = z.object({
  page: count(1, maxPage).default(1),
  per_page: count(1, 100).default(20),
});

/** One column of a list's order: its key and direction. */
export type SortOrder<K extends string = string> = { key: K; direction: "asc" | "desc" };

/**
 * A list's order as one query parameter, `sort=key` ascending or `sort=-key` descending. Only the
 * keys the list declares are accepted, so a typo answers 422 ("validation.oneOf") instead of a page
 * silently in another order.
 */
export function sortQuery<const K extends string>(keys: readonly [K, ...K[]]) {
  const values = [...keys, ...keys.map((key) => `-${key}` as const)] as [K | `-${K}`, ...(K | `-${K}`)[]];
  return z.enum(values, { error: "validation.oneOf" }).optional();
}

/** `"-created_at"` → `{ key: "created_at", direction: "desc" }`; null when the list has no order asked. */
export function parseSort<K extends string>(sort: K | `-${K}` | undefined | null): SortOrder<K> | null {
  if (!sort) return null;
  return sort.startsWith("-")
    ? { key: sort.slice(1) as K, direction: "desc" }
    : { key: sort as K, direction: "asc" };
}

export const healthBody = z.object({ status: z.literal("ok"), uptime_seconds: z.number() });
export const readyBody = z.object({ status: z.enum(["ready", "unavailable"]), database: z.boolean() });

export const localeSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Locale = z.infer<typeof localeSchema>;
