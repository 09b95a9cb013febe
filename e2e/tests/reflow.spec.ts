/**
 * Reflow and text spacing (WCAG 1.4.10, 1.4.4, 1.4.12): the main pages of each
 * audience at 320 px wide, and at 1280 px with the text alone at 200% plus the text-spacing
 * override, never scroll sideways (a data table may scroll inside its own frame), never clip a
 * side-menu label and never lay one piece of content over another.
 *
 * Text-only zoom is Chromium's own: the default font size set through CDP (Page.setFontSizes, what
 * Settings > Appearance > Font size changes), 16 px → 32 px, so rem-sized text doubles while px
 * sizes (borders, the viewport) stay. Not `html { font-size: 200% }`, which would also override the
 * page's own root size.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { openInApp } from "../support/helpers";
import { type DemoAccount, handOver, roleToken } from "../support/session";

/** WCAG 1.4.12's values, forced on every element. */
const textSpacing = `*, *::before, *::after {
  line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

/** The main pages of each audience, those the audit named first (title, tickets, book, events, course content). */
const pages: Array<[DemoAccount | "guest", string[]]> = [
  ["guest", ["/courses/1", "/tickets", "/faqs"]],
  ["ana", ["/iu/courses/1", "/iu/events", "/iu/tickets", "/iu/shop/books/1"]],
  ["admin", ["/af/courses/1", "/af/users"]],
];

async function textZoom(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.enable");
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** What overflows on the current page: sideways scrolling, and nav labels cut off. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const wide = root.scrollWidth > window.innerWidth;
    // The widest element poking out, to name the culprit in a failure.
    let culprit = "";
    if (wide) {
      let max = window.innerWidth;
      const clippedByAncestor = (el: HTMLElement) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== "visible") return true;
        return false;
      };
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const right = el.getBoundingClientRect().right;
        if (right > max + 1 && clippedByAncestor(el)) continue;
        if (right > max + 1) {
          max = right;
          culprit = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
        }
      }
    }
    // A label is clipped when its text is cut by its own box (truncate, line clamp) or runs past the menu's edge.
    const nav = document.querySelector<HTMLElement>('[data-testid="side-navigation"]');
    const edge = nav ? nav.getBoundingClientRect().left + nav.clientWidth : 0;
    const clipped = Array.from(nav?.querySelectorAll<HTMLElement>("a span, a") ?? [])
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 ||
          el.scrollHeight > el.clientHeight + 1 ||
          el.getBoundingClientRect().right > edge + 1,
      )
      .map((el) => el.textContent);
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, culprit, clipped };
  });
}

/**
 * What overlaps on the current page (1.4.10 / 1.4.12 "no loss of content"): the page is scrolled a
 * screen at a time and, for every visible control, heading and text block of `main`, the element
 * painted at its centre must be itself, inside it, or around it. Another element there means it is
 * covered (text run into a neighbour, a button under a label). Points under the sticky bars or the
 * cookie notice, outside a scrolled frame's window, and visually hidden text are not judged.
 */
async function overlapsOf(page: Page) {
  return page.evaluate(() => {
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}"`;
    const judged = Array.from(
      document.querySelectorAll<HTMLElement>(
        "main :is(a[href], button, input:not([type=hidden]), select, textarea, h1, h2, h3, h4, p, label, dt, dd, th)",
      ),
    ).filter((el) => {
      // Not painted: hidden, transparent, or the body of a closed <details> (laid out, never shown).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (el.closest('[aria-hidden="true"]') || (el.closest("details:not([open])") && !el.closest("summary")))
        return false;
      const box = el.getBoundingClientRect();
      // Visually hidden text (sr-only) and empty boxes paint nothing to cover.
      return box.width > 2 && box.height > 2;
    });
    const frames =
      '[data-sticky-header], [data-sticky-bar], [data-testid="cookie-notice"], [data-sonner-toaster]';
    const found = new Map<string, string>();
    const root = document.documentElement;
    const step = Math.max(200, window.innerHeight - 200);
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      const covers = Array.from(document.querySelectorAll(frames)).map((el) => el.getBoundingClientRect());
      for (const el of judged) {
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const middle = box.top + box.height / 2;
        if (middle < 1 || middle > window.innerHeight - 1 || x < 1 || x > window.innerWidth - 1) continue;
        if (covers.some((c) => middle >= c.top && middle <= c.bottom && x >= c.left && x <= c.right))
          continue;
        // Inside a frame that scrolls or clips (a data table, a carousel), judged only where it shows.
        let shown = true;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflow === "visible") continue;
          const frame = up.getBoundingClientRect();
          if (x < frame.left || x > frame.right || middle < frame.top || middle > frame.bottom) shown = false;
        }
        if (!shown) continue;
        const hit = document.elementFromPoint(x, middle);
        if (!hit || el.contains(hit) || hit.contains(el)) continue;
        found.set(nameOf(el), nameOf(hit));
      }
      if (y + window.innerHeight >= root.scrollHeight) break;
    }
    window.scrollTo(0, 0);
    return Array.from(found, ([el, hit]) => `${el} under ${hit}`);
  });
}

/**
 * Every audience's pages in one page (one browser context per viewport): the session is swapped
 * between audiences (a page load each), and each audience's other pages open inside the app, as its
 * links open them: the layout measured is the same, without starting the app again for each page.
 */
async function tour(page: Page, spacing: boolean) {
  await page.addInitScript(() => {
    localStorage.setItem("cookieConsent", "accepted");
    localStorage.setItem("locale", "en");
  });
  const problems: string[] = [];
  for (const [who, paths] of pages) {
    // Guests come first; then each account's session goes in before its pages load.
    if (who !== "guest") {
      await handOver(page, await roleToken(who));
    }
    for (const [i, path] of paths.entries()) {
      // The spacing style stays in the document while the app changes pages; a load drops it.
      const loaded = i === 0 ? await page.goto(path).then(() => true) : !(await openInApp(page, path));
      await expect(page.locator("main h1").first()).toBeAttached();
      if (spacing && loaded) await page.addStyleTag({ content: textSpacing });
      // Loaded: no skeleton or busy region left (lists and images settle before measuring).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const found = await overflowOf(page);
      if (found.scrollWidth > found.innerWidth)
        problems.push(`${path}: ${found.scrollWidth} px wide in ${found.innerWidth} (${found.culprit})`);
      if (found.clipped.length) problems.push(`${path}: clipped nav labels ${found.clipped.join(", ")}`);
      for (const overlap of await overlapsOf(page)) problems.push(`${path}: ${overlap}`);
    }
  }
  expect(problems).toEqual([]);
}

test("no page scrolls sideways at 320 px wide", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await tour(page, false);
});

test("no page scrolls sideways or clips a menu label with the text at 200% and WCAG text spacing, at 1280 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await textZoom(page);
  await tour(page, true);
});
