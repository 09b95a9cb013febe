/**
 * Publishes the sticky top bar's height as `--sticky-top`, which sizes the page's scroll padding
 * (styles/index.css) so a control reached by Tab or Shift+Tab never scrolls under the bar (WCAG
 * 2.4.11). The learner bar on a phone folds its search row away while scrolling down and unfolds it
 * while scrolling up, after the browser has already scrolled: the padding keeps the unfolded
 * (tallest) height seen at this window width, so Shift+Tab stays clear too.
 */
import { type RefObject, useLayoutEffect } from "react";

export function useStickyTop(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    let tallest = 0;
    let width = window.innerWidth;
    const publish = () => {
      if (window.innerWidth !== width) {
        width = window.innerWidth;
        tallest = 0;
      }
      tallest = Math.max(tallest, Math.ceil(element.getBoundingClientRect().height));
      root.style.setProperty("--sticky-top", `${tallest}px`);
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener("resize", publish);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", publish);
      root.style.removeProperty("--sticky-top");
    };
  }, [ref]);
}
