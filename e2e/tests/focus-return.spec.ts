/**
 * Focus order (WCAG 2.4.3): every dialog, drawer and menu of each layout, opened from the
 * keyboard, gives focus back to the control that opened it when closed with Escape and when closed
 * with its own close (or cancel) button: never to the top of the page. One browser context per
 * layout (the learners' area, the back office, a quiz attempt), including the confirmations a menu item
 * or the quiz opens; the single-component rules (a removed opener's successor, returnFocusTo) are in
 * apps/web/src/components/ui/returnFocus.test.tsx.
 */
import type pg from "pg";
import { expect, type Locator, type Page, test } from "../support/fixtures";
import { startSpanishQuizAttempt } from "../support/quiz";
import { type DemoAccount, desktop, logIn, phone } from "../support/session";

type Overlay = {
  name: string;
  /** The control that opens it. */
  opener: (page: Page) => Locator;
  /** The button that closes it (menus close with Escape only). */
  close?: (overlay: Locator) => Locator;
  role?: "dialog" | "alertdialog" | "menu";
  /** How the keyboard opens it from the focused opener (default: Enter). */
  open?: (page: Page) => Promise<void>;
};

const closeButton = (overlay: Locator) =>
  overlay.getByRole("button", { name: /^(close|keep|cancel)/i }).first();

/** The quiz's confirmations close with "Continue the quiz". */
const keepGoing = (overlay: Locator) => overlay.getByRole("button", { name: "Continue the quiz" });

const layouts: Array<{
  who: DemoAccount;
  /** The page, or how to reach it (a quiz attempt is started first). */
  path: string | ((page: Page, database: pg.Client, token: string) => Promise<string>);
  size: typeof desktop;
  overlays: Overlay[];
}> = [
  {
    who: "ana",
    path: "/iu/dashboard",
    size: desktop,
    overlays: [
      { name: "cart", opener: (p) => p.getByTestId("cart-button"), close: closeButton },
      { name: "notifications", opener: (p) => p.getByTestId("notification-bell"), close: closeButton },
      {
        name: "profile menu",
        opener: (p) =>
          p
            .locator("header")
            .getByRole("button", { name: /profile|account|menu/i })
            .last(),
        role: "menu",
      },
    ],
  },
  {
    who: "ana",
    path: "/iu/dashboard",
    size: phone,
    overlays: [{ name: "navigation", opener: (p) => p.getByTestId("open-navigation"), close: closeButton }],
  },
  {
    who: "admin",
    path: "/af/courses/1?tab=structure",
    size: desktop,
    overlays: [
      {
        name: "add lecture",
        opener: (p) => p.getByRole("button", { name: "Add lecture" }).first(),
        close: closeButton,
      },
      {
        name: "more actions",
        opener: (p) => p.getByRole("button", { name: /^More actions for/ }).first(),
        role: "menu",
      },
      {
        // A menu item's confirmation gives focus back to the menu's button, as the menu would.
        name: "delete confirmation",
        opener: (p) => p.getByRole("button", { name: /^More actions for/ }).first(),
        open: async (p) => {
          await p.keyboard.press("Enter");
          const item = p.getByRole("menuitem", { name: /^Delete/ });
          await expect(item).toBeVisible();
          await item.focus();
          await p.keyboard.press("Enter");
        },
        role: "alertdialog",
        close: closeButton,
      },
    ],
  },
  {
    who: "ana",
    path: startSpanishQuizAttempt,
    size: desktop,
    overlays: [
      {
        name: "submit confirmation",
        opener: (p) => p.getByRole("button", { name: "Submit quiz" }).filter({ visible: true }).first(),
        role: "alertdialog",
        close: keepGoing,
      },
      {
        name: "terminate confirmation",
        opener: (p) => p.getByTestId("cancel-quiz").filter({ visible: true }),
        role: "alertdialog",
        close: keepGoing,
      },
    ],
  },
];

/** Opens with Enter on the focused opener, closes with `how`, and expects focus back on the opener. */
async function roundTrip(page: Page, overlay: Overlay, how: "Escape" | "button") {
  const opener = overlay.opener(page);
  await opener.focus();
  if (overlay.open) await overlay.open(page);
  else await page.keyboard.press("Enter");
  const panel = page.getByRole(overlay.role ?? "dialog");
  await expect(panel, `${overlay.name} opens`).toBeVisible();
  if (how === "Escape") await page.keyboard.press("Escape");
  else {
    await overlay.close!(panel).focus();
    await page.keyboard.press("Enter");
  }
  await expect(panel, `${overlay.name} closes`).toBeHidden();
  await expect(opener, `${overlay.name} closed with ${how}: focus is back on its opener`).toBeFocused();
}

test.describe("focus comes back to the opener", () => {
  for (const { who, path, size, overlays } of layouts) {
    test(`${who} at ${size.width}px: ${overlays.map((o) => o.name).join(", ")}`, async ({
      page,
      database,
    }) => {
      const token = await logIn(page, who);
      await page.setViewportSize(size);
      await page.goto(typeof path === "string" ? path : await path(page, database, token));
      await page.locator("main h1").first().waitFor({ timeout: 15_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const overlay of overlays) {
        await roundTrip(page, overlay, "Escape");
        if (overlay.close) await roundTrip(page, overlay, "button");
      }
    });
  }
});
