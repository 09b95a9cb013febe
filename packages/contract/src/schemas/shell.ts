/** The application shell's calls: global search and the interface language of the logged-in user. */
import { z } from "zod";
import { searchSources } from "../domain/enums";

/** GET iu/search: `source` other than all, courses or products falls back to all (spec section 2). */
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  source: z
    .string()
    .optional()
    .transform((v) =>
      (searchSources as readonly string[]).includes(v ?? "") ? (v as (typeof searchSources)[number]) : "all",
    ),
});

export const searchHit = z.object({
  source: z.enum(["courses", "products"]),
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The page of the hit in the web app, e.g. /iu/courses/12. */
  url: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchResults = z.object({
  data: z.array(searchHit),
  next_page_url: z.string().nullable(),
  total: z.number().int(),
});
export type SearchResults = z.infer<typeof searchResults>;

/**
 * A public remote-configuration entry (GET iu/configurations?searchText=, spec section 7; the first
 * paint's entries are also embedded in index.html). `value` is the entry's own JSON, one shape per key.
 */
export const configurationEntry = z.object({
  id: z.number(),
  key: z.string(),
  status: z.number(),
  value: z.record(z.string(), z.unknown()),
});
export type ConfigurationEntry = z.infer<typeof configurationEntry>;
export const configurationList = z.object({ data: z.array(configurationEntry) });

/** PUT me/language: 1 English, 2 Spanish. */
export const languageUpdate = z.object({ language_id: z.union([z.literal(1), z.literal(2)]) });
export const languageUpdated = z.object({ language_id: z.number().int() });
