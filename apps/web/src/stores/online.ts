/**
 * Online status (spec sections 4 and 8): the shell shows the offline banner from `online` and shakes
 * it while `shaking` is true; the HTTP client calls `shake()` when a request is dropped for being offline.
 */
import { limits } from "@aprendo/contract/domain";
import { create } from "zustand";

type OnlineState = {
  online: boolean;
  /** Epoch milliseconds until which the banner shakes (0 when it does not). */
  shakeUntil: number;
  /** True for the 750 ms of a shake, so components re-render when it starts and when it ends. */
  shaking: boolean;
  /** Starts (or restarts) the 750 ms shake. */
  shake: () => void;
  setOnline: (online: boolean) => void;
};

let shakeTimer: ReturnType<typeof setTimeout> | undefined;

export const useOnline = create<OnlineState>((set) => ({
  online: typeof navigator === "undefined" ? true : navigator.onLine !== false,
  shakeUntil: 0,
  shaking: false,
  shake: () => {
    clearTimeout(shakeTimer);
    const online = typeof navigator === "undefined" ? true : navigator.onLine !== false;
    set({ online, shakeUntil: Date.now() + limits.offlineShakeMs, shaking: true });
    shakeTimer = setTimeout(() => set({ shakeUntil: 0, shaking: false }), limits.offlineShakeMs);
  },
  setOnline: (online) => set({ online }),
}));

if (typeof window !== "undefined") {
  window.addEventListener("online", () => useOnline.getState().setOnline(true));
  window.addEventListener("offline", () => useOnline.getState().setOnline(false));
}
