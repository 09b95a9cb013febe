/**
 * Run before each file of the `web` project, whose files share a worker, its jsdom page and its
 * imported modules (`isolate: false`): what a file starts from is what a fresh page load gives, as
 * in a worker of its own. Storage, cookies, the address, the page root's and body's attributes and
 * content, the stores, the interface language and being online go back to their initial state, so
 * nothing one file left (a session, a cart, `pointer-events: none` from a dialog, a night theme,
 * Spanish, the browser offline) reaches the next. It runs before the file's own imports (Vitest
 * evaluates setup files again for each file), and its imports load once per worker.
 */
import { vi } from "vitest";
import { i18n, initialLanguage } from "../i18n";
import { resetCart, stopCartSync, useCart } from "../stores/cart";
import { useOnline } from "../stores/online";
import { usePanels } from "../stores/panels";
import { useSession } from "../stores/session";
import { useTheme } from "../stores/theme";

vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();

window.history.replaceState(null, "", "/");

// Online again: tests take the browser offline by defining `navigator.onLine` on the navigator itself
// (jsdom's own is on its prototype). Left false, every request of the next files in this worker failed
// as offline before it was sent (seen when the HTTP client's offline test ran last in its file).
delete (navigator as { onLine?: boolean }).onLine;

// The page as jsdom first makes it: no attributes on <html> or <body> (theme class, lang, a dialog's
// `pointer-events: none` or scroll lock), nothing left in <body>, no title.
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
document.body.replaceChildren();
document.title = "";

// The cart follows the session only when the app starts it; a file that started it stops here.
stopCartSync();
resetCart();
for (const store of [useSession, useCart, usePanels, useOnline, useTheme] as const) {
  (store as { setState: (state: unknown, replace: true) => void }).setState(store.getInitialState(), true);
}
await i18n.changeLanguage(initialLanguage(null, navigator.languages));

// Last, as the stores above may have written theirs.
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(";")) {
  const name = cookie.split("=")[0]?.trim();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this only empties the jar.
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
