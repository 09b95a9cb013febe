/** Pure rules of the approvals queue: what is waiting for a decision, and moving through it. */
import type { DocumentKind, PendingReview } from "./api";

export type QueueItem = { id: string; review: PendingReview; kind: DocumentKind };

/** A document waits for a decision while processing, or (a photo) after the automatic check refused it. */
export function isReviewable(review: PendingReview, kind: DocumentKind): boolean {
  const state = review[kind];
  return state.uploaded && (state.status === "processing" || (kind === "photo" && state.status === "failed"));
}

/** One entry per document waiting: a learner with a photo and an identity document is two entries. */
export function queueOf(reviews: readonly PendingReview[]): QueueItem[] {
  return reviews.flatMap((review) =>
    (["photo", "identity"] as const)
      .filter((kind) => isReviewable(review, kind))
      .map((kind) => ({ id: `${review.user_id}-${kind}`, review, kind })),
  );
}

/** The entry to show after the list changed: the same one if still there, else the one now at its place. */
export function nextSelection(items: readonly QueueItem[], selected: string | null, previousIndex: number) {
  if (items.length === 0) return null;
  if (selected && items.some((i) => i.id === selected)) return selected;
  return items[Math.min(Math.max(previousIndex, 0), items.length - 1)]!.id;
}

/** Keys of the review pane; none applies while typing in a field or with a modifier held. */
export type Shortcut = "approve" | "reject" | "next" | "previous";
export function shortcutOf(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): Shortcut | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)))
    return null;
  switch (event.key.toLowerCase()) {
    case "a":
      return "approve";
    case "r":
      return "reject";
    case "j":
      return "next";
    case "k":
      return "previous";
    default:
      return null;
  }
}
