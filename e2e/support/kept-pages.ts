/**
 * The learner area keeps its last pages mounted but hidden (apps/web KeepAliveOutlet), and its address
 * changes before the page it names is shown: until React shows that page, the page being left is still
 * on screen. A link or button a test looked up in that moment was the one of the page being left
 * (several exist on both, a breadcrumb, a shop tab); the app hid it a moment later without removing
 * it, and Playwright, which only looks a locator up again when its element leaves the document, waited
 * on it hidden until the test's timeout. So every page a test drives holds each action and each
 * auto-waiting assertion, from the moment the address changes inside the learner area until the page
 * left is hidden or gone: what a test looks up after an in-app navigation is on the page it reached.
 */
import type { Page } from "@playwright/test";

/** Set on <html> (to the address left) while the learner area's address names a page other than the one shown. */
const leaving = "data-e2e-leaving";

/**
 * In the page, before the app starts: watches the address (the router's pushState and replaceState,
 * Back and Forward) and sets `attribute` while the learner area's shown page is one the address has
 * left, that is until each of `#main`'s children shown when the address changed is hidden (a kept
 * page, display: none) or gone (a page the next one replaced).
 */
function markLeavingInPage(attribute: string) {
  const keyOf = () => location.pathname + location.search;
  // The keep-alive is the learner area's alone; elsewhere a page is replaced, and Playwright finds
  // a replaced element again by itself.
  const learnerArea = /^\/iu(\/|$)/;
  const isShown = (element: Element) => element.isConnected && getComputedStyle(element).display !== "none";
  /** The address of the page on screen, once it is the one the address names. */
  let shownKey = keyOf();
  let left: Element[] = [];
  const observer = new MutationObserver(() => {
    if (!left.some(isShown)) arrived();
  });
  const arrived = () => {
    observer.disconnect();
    left = [];
    shownKey = keyOf();
    document.documentElement.removeAttribute(attribute);
  };
  const moved = () => {
    const key = keyOf();
    // The same page (a hash, a navigation given up and put back) or one outside the learner area.
    if (key === shownKey || !learnerArea.test(location.pathname)) return arrived();
    left = [...(document.getElementById("main")?.children ?? [])].filter(isShown);
    if (left.length === 0) return arrived();
    // The address left, for the call log of a test held here.
    document.documentElement.setAttribute(attribute, shownKey);
    // A kept page is hidden by a style on its own elements; a page not kept leaves the document.
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["style"],
    });
  };
  // The router gives every history entry it makes a key of its own (the first entry of a load has
  // none); an address rewritten under the same key is the shown page's own (checkout drops its
  // `?order=` so, after the payment provider's page): no page is left.
  const routerKey = () => (history.state as { key?: string } | null)?.key;
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
      const before = routerKey();
      original.apply(this, args);
      if (routerKey() !== before) moved();
      else if (left.length === 0) shownKey = keyOf();
    };
  }
  window.addEventListener("popstate", moved);
}

const watched = new WeakSet<Page>();

/**
 * Makes `page` hold its actions and auto-waiting assertions while the learner area shows a page its
 * address has left (see the file's comment). Idempotent; takes effect from the page's next load.
 */
export async function holdWhileLeavingKeptPages(page: Page) {
  if (watched.has(page)) return;
  watched.add(page);
  await page.addInitScript(markLeavingInPage, leaving);
  // Playwright runs this check before every action and assertion retry: while <html> carries the
  // mark, it waits for the mark to go, then looks the locator up.
  await page.addLocatorHandler(page.locator(`html[${leaving}]`), async () => {});
}
