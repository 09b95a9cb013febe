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

/**
 * A page's own bar that sticks under the top bar (wide screens) or is fixed to the bottom (phones),
 * like the quiz's clock bar: publishes its height as `--sticky-bar-top` or `--sticky-bar-bottom`
 * (whichever edge it holds at this width), which the page's scroll padding adds to the top bar's and
 * the cookie notice's (styles/index.css), so a focused control never scrolls under it either.
 * The element says where it sits: `position: fixed` is the bottom edge, anything else the top.
 */
export function useStickyBar(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const publish = () => {
      const height = `${Math.ceil(element.getBoundingClientRect().height)}px`;
      const atBottom = getComputedStyle(element).position === "fixed";
      root.style.setProperty("--sticky-bar-top", atBottom ? "0px" : height);
      root.style.setProperty("--sticky-bar-bottom", atBottom ? height : "0px");
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener("resize", publish);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", publish);
      root.style.removeProperty("--sticky-bar-top");
      root.style.removeProperty("--sticky-bar-bottom");
    };
  }, [ref]);
}
