/**
 * The player's keyboard shortcuts (YouTube's, which learners already know) and the speeds the
 * player offers. Pure functions, so the rules are tested without a video element.
 */
import { catalogLimits } from "@aprendo/contract";

/** 0.5x to 2x (the fastest the server credits, `catalogLimits.maxPlaybackRate`). */
export const playbackRates = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export type PlayerAction =
  | { type: "toggle" }
  | { type: "seek"; by: number }
  | { type: "rate"; step: 1 | -1 }
  | { type: "fullscreen" }
  | { type: "captions" }
  | { type: "mute" }
  | { type: "help" };

/** What a key does, for the help dialog (labels are translation keys of the learning namespace). */
export const shortcutList: ReadonlyArray<{ keys: string[]; label: string }> = [
  { keys: ["Space", "K"], label: "player.keys.toggle" },
  { keys: ["J"], label: "player.keys.back10" },
  { keys: ["L"], label: "player.keys.forward10" },
  { keys: ["←"], label: "player.keys.back5" },
  { keys: ["→"], label: "player.keys.forward5" },
  { keys: ["<"], label: "player.keys.slower" },
  { keys: [">"], label: "player.keys.faster" },
  { keys: ["F"], label: "player.keys.fullscreen" },
  { keys: ["C"], label: "player.keys.captions" },
  { keys: ["M"], label: "player.keys.mute" },
  { keys: ["?"], label: "player.keys.help" },
];

/** The action of a key press, or null (modifier keys held: the browser's own shortcuts). */
export function shortcutAction(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const actions: Record<string, PlayerAction> = {
    " ": { type: "toggle" },
    k: { type: "toggle" },
    j: { type: "seek", by: -10 },
    l: { type: "seek", by: 10 },
    ArrowLeft: { type: "seek", by: -5 },
    ArrowRight: { type: "seek", by: 5 },
    "<": { type: "rate", step: -1 },
    ",": { type: "rate", step: -1 },
    ">": { type: "rate", step: 1 },
    ".": { type: "rate", step: 1 },
    f: { type: "fullscreen" },
    c: { type: "captions" },
    m: { type: "mute" },
    "?": { type: "help" },
  };
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return actions[key] ?? null;
}

/** The next offered speed up or down from `rate` (an unlisted rate snaps to its neighbour). */
export function stepRate(rate: number, step: 1 | -1): number {
  if (step > 0) return playbackRates.find((r) => r > rate + 1e-6) ?? catalogLimits.maxPlaybackRate;
  return [...playbackRates].reverse().find((r) => r < rate - 1e-6) ?? playbackRates[0];
}

/** A speed the player may use: within 0.5x-2x, else 1x. */
export function validRate(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && n >= playbackRates[0] && n <= catalogLimits.maxPlaybackRate ? n : 1;
}

/**
 * Whether a key press belongs to the focused element rather than the player: typing in a field,
 * or arrows on a slider (the seek and volume bars move themselves), Space/Enter on a button.
 */
export function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  const editable = target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
  if (editable) return true;
  const role = target.getAttribute("role");
  const tag = target.tagName.toLowerCase();
  if ((key === "ArrowLeft" || key === "ArrowRight") && (role === "slider" || tag.endsWith("-range")))
    return true;
  if (key === " " && (tag === "button" || tag === "a" || role === "button" || role === "menuitemradio"))
    return true;
  return false;
}
