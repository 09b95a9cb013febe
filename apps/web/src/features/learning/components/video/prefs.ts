/** The learner's playback speed, remembered on this device per learner (guests share one). */
import { validRate } from "./shortcuts";

const keyOf = (userId: number | null | undefined) => `aprendo.playbackRate.${userId ?? "guest"}`;

export function savedRate(userId: number | null | undefined): number {
  try {
    return validRate(localStorage.getItem(keyOf(userId)));
  } catch (error) {
    // Storage can be off (private mode, a policy): the player plays at 1x.
    console.warn("the playback speed could not be read", error);
    return 1;
  }
}

export function saveRate(userId: number | null | undefined, rate: number) {
  try {
    localStorage.setItem(keyOf(userId), String(validRate(rate)));
  } catch (error) {
    console.warn("the playback speed could not be remembered", error);
  }
}
