/**
 * Focus comes back where it came from (WCAG 2.4.3), one rule for every dialog, drawer, sheet, menu
 * and confirmation. Radix returns focus only to its own <Trigger>; our panels are mostly opened by
 * state (the cart button, the bell, a row's "Delete" in a menu), so without this focus fell to
 * <body> and the next Tab started again at "Skip to content".
 *
 * When the overlay opens, the focused element (the opener) is remembered with its surroundings;
 * when it closes, focus goes to, in order: the caller's choice (`returnFocusTo`), the opener if it
 * is still on the page and focusable, an element with the opener's id (a re-rendered node), the
 * same control in the next row (or the previous one) when the opener's row was removed, the nearest
 * heading of the opener's section, and finally <main>.
 */
import { useCallback, useRef } from "react";

/** What the caller may name as the place focus goes after closing (wins over the opener). */
export type ReturnFocusTarget = () => HTMLElement | null | undefined;

type Remembered = {
  opener: HTMLElement;
  id: string;
  /** The opener's row (list item, table row or `data-focus-row`) and its neighbours. */
  row: Element | null;
  next: Element | null;
  previous: Element | null;
  /** The opener's position among its row's focusable controls, to pick "the same" one next door. */
  index: number;
  heading: HTMLElement | null;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const ROW = "li, tr, [data-focus-row]";

function focusables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(usable);
}

/** On the page, shown and enabled (a control hidden at this width cannot take focus). */
function usable(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if (element.matches(":disabled") || element.closest("[inert], [hidden]")) return false;
  // jsdom lays nothing out: there every connected element counts as shown.
  return element.getClientRects().length > 0 || navigator.userAgent.includes("jsdom");
}

/** The opener of a menu item is the menu's button (the item disappears with the menu). */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const labelledBy = menu?.getAttribute("aria-labelledby");
  const button = labelledBy ? document.getElementById(labelledBy) : null;
  return button ?? active;
}

/** The heading that introduces the opener: the closest section's first h1-h3, or the page's h1. */
function headingNear(opener: HTMLElement): HTMLElement | null {
  for (let node = opener.parentElement; node && node !== document.body; node = node.parentElement) {
    const heading = node.querySelector<HTMLElement>("h1, h2, h3");
    if (heading && !heading.contains(opener)) return heading;
  }
  return document.querySelector<HTMLElement>("main h1");
}

/**
 * The last opener focus was on, kept because an overlay opened by a menu item may mount after the
 * item left the page (focus is then on <body>).
 */
let lastOpener: HTMLElement | null = null;
let tracking = false;
function trackFocus() {
  if (tracking || typeof document === "undefined") return;
  tracking = true;
  document.addEventListener("focusin", (event) => {
    const target = event.target as Element | null;
    // Focus inside an open dialog is not an opener of the next one's return.
    if (target?.closest('[role="dialog"], [role="alertdialog"]')) return;
    lastOpener = openerOf(target);
  });
}

// From the start, so the control focused before any overlay's first opening is known.
trackFocus();

export function remember(active: Element | null): Remembered | null {
  const onPage = active instanceof HTMLElement && active !== document.body;
  const opener = onPage ? openerOf(active) : lastOpener;
  if (!opener) return null;
  const row = opener.closest(ROW);
  return {
    opener,
    id: opener.id,
    row,
    next: row?.nextElementSibling ?? null,
    previous: row?.previousElementSibling ?? null,
    index: row ? Math.max(0, focusables(row).indexOf(opener)) : 0,
    heading: headingNear(opener),
  };
}

/** Where focus goes back to, or null when nothing sensible is left (then <main>). */
export function successor(memory: Remembered): HTMLElement | null {
  if (usable(memory.opener)) return memory.opener;
  const byId = memory.id ? document.getElementById(memory.id) : null;
  if (usable(byId)) return byId;
  for (const row of [memory.next, memory.previous]) {
    if (!row?.isConnected) continue;
    const controls = focusables(row);
    const testId = memory.opener.dataset.testid;
    const same =
      controls.find((control) => testId && control.dataset.testid === testId) ??
      controls[Math.min(memory.index, controls.length - 1)];
    if (same) return same;
  }
  if (memory.heading?.isConnected) return memory.heading;
  return document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
}

/** Focuses an element, giving a heading or landmark a programmatic tab stop first. */
export function focusElement(element: HTMLElement) {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute("tabindex")) element.tabIndex = -1;
  element.focus();
}

/** How long after closing a removal of the opener still moves focus on (a list refetches late). */
const WATCH_MS = 10_000;

/**
 * After a confirmation the opener's row often disappears a moment later, when the list is fetched
 * again: if focus is still on the removed opener then, it moves to the successor instead of <body>.
 */
function followRemoval(memory: Remembered, focused: HTMLElement) {
  if (typeof MutationObserver === "undefined") return;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("focusin", stop);
  };
  const observer = new MutationObserver(() => {
    if (focused.isConnected) return;
    stop();
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target = successor(memory);
    if (target) focusElement(target);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(stop, WATCH_MS);
  // Once the person moves on, their focus is theirs (listening starts after Radix's own return).
  queueMicrotask(() => document.addEventListener("focusin", stop));
}

/**
 * For a control that removes its own row (a cart line's "Remove"): once the row is gone, focus goes
 * to the same control in the next row, or the previous one, or the list's heading.
 */
export function keepFocusAfterRemoving(control: HTMLElement) {
  const memory = remember(control);
  if (memory) followRemoval(memory, control);
}

/**
 * Handlers for a Radix content's `onOpenAutoFocus` and `onCloseAutoFocus`. `keepDefault` leaves
 * Radix's own return to its trigger in place while that trigger is usable (menus, whose own logic
 * also skips the return after a click elsewhere on the page).
 */
export function useReturnFocus(options: { returnFocusTo?: ReturnFocusTarget; keepDefault?: boolean } = {}) {
  const memory = useRef<Remembered | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  /**
   * Remembers the opener. Focus already inside means an `autoFocus` field took it first (then the
   * last focused control outside is the opener) or React's development double-mount (keep the first).
   */
  const capture = useCallback((container: Element | null) => {
    const active = document.activeElement;
    const inside = Boolean(active && container?.contains(active));
    if (inside && memory.current) return;
    memory.current = remember(inside ? null : active);
  }, []);
  const onOpenAutoFocus = useCallback(
    (event: Event) => capture(event.currentTarget as Element | null),
    [capture],
  );

  const onCloseAutoFocus = useCallback((event: Event) => {
    const { returnFocusTo, keepDefault } = optionsRef.current;
    const chosen = returnFocusTo?.();
    // Radix skips the open event when a field took focus first (autoFocus): then the last control
    // focused outside any dialog is the opener.
    const remembered = memory.current ?? remember(null);
    memory.current = null;
    if (usable(chosen)) {
      event.preventDefault();
      focusElement(chosen);
      return;
    }
    if (keepDefault && remembered && usable(remembered.opener)) {
      followRemoval(remembered, remembered.opener);
      return;
    }
    event.preventDefault();
    const target = remembered ? successor(remembered) : document.getElementById("main");
    if (!target) return;
    focusElement(target);
    if (remembered) followRemoval(remembered, target);
  }, []);

  return { onOpenAutoFocus, onCloseAutoFocus, capture };
}
