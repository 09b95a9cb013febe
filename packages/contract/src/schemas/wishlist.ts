/**
 * A learner's wish list and "notify me" on coming-soon titles.
 *
 * Learner (role 1):
 *   GET /iu/wishlist?page&per_page        the wish list's titles as cards, newest addition first
 *   GET /iu/wishlist/ids                  the ids of the titles on the wish list and those awaiting a notice
 *   PUT /iu/courses/:id/wishlist { on }   add (on) or remove a title; idempotent; enrolling removes it
 *   PUT /iu/courses/:id/notify   { on }   ask (on) or stop asking to be told when a coming-soon title is published
 */
import { z } from "zod";
import { courseCard } from "./catalog";
import { paginated } from "./common";

export const wishlistToggle = z.object({ on: z.boolean() });
export type WishlistToggle = z.infer<typeof wishlistToggle>;

export const wishlistItem = courseCard.extend({ added_at: z.string() });
export type WishlistItem = z.infer<typeof wishlistItem>;
export const wishlistPage = paginated(wishlistItem);
export type WishlistPage = z.infer<typeof wishlistPage>;

export const wishlistIds = z.object({
  /** Titles on the wish list. */
  wishlist: z.array(z.number().int()),
  /** Coming-soon titles the learner asked to be told about and has not been told yet. */
  notify: z.array(z.number().int()),
});
export type WishlistIds = z.infer<typeof wishlistIds>;

export const wishlistToggleResult = z.object({ message: z.string(), on: z.boolean() });
export type WishlistToggleResult = z.infer<typeof wishlistToggleResult>;
