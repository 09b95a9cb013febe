/** Pure rules of adverts on the web: why an advert is or is not shown now. */
import { MB } from "@aprendo/contract/domain";

export type AdvertState = "live" | "inactive" | "scheduled" | "ended" | "noImage" | "blockOff";

/** Mirrors the server's `is_live` with the reason when it is not (days are UTC, both ends included). */
export function advertState(
  advert: {
    active: boolean;
    starts_on: string;
    ends_on: string | null;
    image_url: string | null;
    is_live: boolean;
  },
  today: string = new Date().toISOString().slice(0, 10),
): AdvertState {
  if (advert.is_live) return "live";
  if (!advert.active) return "inactive";
  if (!advert.image_url) return "noImage";
  if (advert.starts_on > today) return "scheduled";
  if (advert.ends_on !== null && advert.ends_on < today) return "ended";
  return "blockOff";
}

export const stateTone = {
  live: "success",
  inactive: "neutral",
  scheduled: "info",
  ended: "neutral",
  noImage: "warning",
  blockOff: "warning",
} as const satisfies Record<AdvertState, "success" | "neutral" | "info" | "warning">;

export const advertImageRules = {
  maxBytes: 1 * MB,
  accept: "image/jpeg,image/png,image/webp,image/gif",
} as const;
