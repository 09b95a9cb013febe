/** Small hooks of the shell: window width, throttled scroll direction, the page title. */
import { limits } from "@aprendo/contract/domain";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import type { RouteHandle } from "../../app/routes";
import { nextScrollDirection, type ScrollDirection } from "./logic";

/** True while the media query matches (e.g. "(min-width: 992px)"). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * The window's scroll direction and whether it left the top, from scroll events throttled to 50 ms;
 * the direction changes only on moves of more than 1 px (spec section 9).
 */
export function useScrollDirection(): { direction: ScrollDirection; scrolled: boolean } {
  const [state, setState] = useState<{ direction: ScrollDirection; scrolled: boolean }>({
    direction: "up",
    scrolled: false,
  });
  useEffect(() => {
    let lastY = window.scrollY;
    let lastRun = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      lastRun = Date.now();
      const y = window.scrollY;
      setState((current) => {
        const direction = nextScrollDirection(lastY, y, current.direction);
        const scrolled = y > 0;
        return direction === current.direction && scrolled === current.scrolled
          ? current
          : { direction, scrolled };
      });
      if (Math.abs(y - lastY) > limits.scrollDirectionMinPx) lastY = y;
    };
    const onScroll = () => {
      const wait = limits.scrollThrottleMs - (Date.now() - lastRun);
      if (wait <= 0) measure();
      else {
        clearTimeout(trailing);
        trailing = setTimeout(measure, wait);
      }
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(trailing);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  return state;
}

/** Sets document.title to "<page> · <brand>" from the deepest route's handle.title (brand alone otherwise). */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation("shell");
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const brand = t("brand", { ns: "common" });
  const title = key?.title ? `${t(key.title)} · ${brand}` : brand;
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = i18n.language === "es" ? "es" : "en";
  }, [title, i18n.language]);
}
