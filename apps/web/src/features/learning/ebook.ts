/** Pure rules of the e-book viewer: page bounds and zoom steps. */
export type Zoom = "fit" | number;

export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;

export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || pages < 1) return 1;
  return Math.min(Math.max(1, Math.round(page)), pages);
}

/** The next zoom step in or out; from "fit", zooming starts at 100 %. */
export function nextZoom(current: Zoom, direction: 1 | -1): number {
  const value = current === "fit" ? 1 : current;
  if (direction > 0) return zoomSteps.find((step) => step > value + 1e-9) ?? zoomSteps[zoomSteps.length - 1]!;
  return [...zoomSteps].reverse().find((step) => step < value - 1e-9) ?? zoomSteps[0];
}
