/**
 * Day and night theme (spec section 4): stored in local storage `theme`, applied as the class of the
 * page root (<html class="day-mode | night-mode">), day by default. public/theme-boot.js applies the
 * stored theme before the first paint; this store keeps it afterwards.
 */
import type { Theme } from "@aprendo/contract/domain";
import { create } from "zustand";

function stored(): Theme {
  try {
    return localStorage.getItem("theme") === "night-mode" ? "night-mode" : "day-mode";
  } catch {
    return "day-mode";
  }
}

function apply(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove("day-mode", "night-mode");
  root.classList.add(theme);
  try {
    localStorage.setItem("theme", theme);
  } catch {
    // Storage unavailable: the theme still applies to this page.
  }
}

type ThemeState = { theme: Theme; setTheme: (theme: Theme) => void; toggle: () => void };

export const useTheme = create<ThemeState>((set, get) => ({
  theme: typeof document === "undefined" ? "day-mode" : stored(),
  setTheme: (theme) => {
    apply(theme);
    set({ theme });
  },
  toggle: () => get().setTheme(get().theme === "night-mode" ? "day-mode" : "night-mode"),
}));

// Guest pages may switch the class directly (features/auth): the store follows the page root.
if (typeof MutationObserver !== "undefined" && typeof document !== "undefined") {
  new MutationObserver(() => {
    const theme: Theme = document.documentElement.classList.contains("night-mode")
      ? "night-mode"
      : "day-mode";
    if (useTheme.getState().theme !== theme) useTheme.setState({ theme });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
}
