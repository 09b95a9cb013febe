/** Pure rules of the catalogue pages: durations, generated cover art, list addresses. */

/** A running time in words-friendly parts: 95 s -> { h: 0, m: 2 } (rounded up to the minute, min 1). */
export function durationParts(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.max(1, Math.ceil(Math.max(0, seconds) / 60));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** A clock position: 75 -> "1:15", 3725 -> "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** A small stable hash of a string (FNV-1a), for picking colours. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type CoverArt = { from: string; to: string; angle: number; initials: string; accent: string };

/**
 * Placeholder art for a title without a cover: a two-colour gradient picked from the title's id and
 * name (the same title always gets the same colours) with its initials. Lightness stays low enough
 * for white initials to keep a 4.5:1 contrast in both themes.
 */
export function coverArt(id: number, title: string): CoverArt {
  const hash = hashOf(`${id}:${title}`);
  const hue = hash % 360;
  const spread = 30 + ((hash >>> 9) % 50);
  const angle = 115 + ((hash >>> 17) % 90);
  const words = title
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return {
    from: `hsl(${hue} 62% 34%)`,
    to: `hsl(${(hue + spread) % 360} 58% 24%)`,
    accent: `hsl(${(hue + 180) % 360} 70% 70% / 0.35)`,
    angle,
    initials: initials || "·",
  };
}

export type CourseScope = "all" | "enrolled" | "top" | "coming-soon" | "category";

/** The API list behind each catalogue page. */
export function listPath(scope: CourseScope, categoryId?: number): string {
  switch (scope) {
    case "enrolled":
      return "/iu/courses/enrolled";
    case "top":
      return "/iu/courses/top";
    case "coming-soon":
      return "/iu/courses/coming-soon";
    case "category":
      return `/iu/categories/${categoryId ?? 0}/courses`;
    default:
      return "/iu/courses";
  }
}

/** Pages of a paginated list, never less than one. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** A positive whole number from the address (`?page=2`, `?category=3`), or the fallback. */
export function positiveInt(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Splits a long description into paragraphs at blank lines (single line breaks stay inside). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
