/**
 * Issue 27, WCAG 2.4.3 Focus order: every dialog, drawer and menu of each layout, opened from the
 * keyboard, gives focus back to the control that opened it when closed with Escape and when closed
 * with its own close (or cancel) button: never to the top of the page. One browser context per
 * layout; the single-component rules (a removed opener's successor, returnFocusTo) are in
 * apps/web/src/components/ui/returnFocus.test.tsx.
 */
import { expect, type Locator, type Page, test } from "../support/fixtures";
import { type DemoAccount, desktop, logIn, phone } from "../support/session";

type Overlay = {
  name: string;
  /** The control that opens it. */
  opener: (page: Page) => Locator;
  /** The button that closes it (menus close with Escape only). */
  close?: (overlay: Locator) => Locator;
  role?: "dialog" | "alertdialog" | "menu";
};

const closeButton = (overlay: Locator) =>
  overlay.getByRole("button", { name: /^(close|keep|cancel)/i }).first();

const layouts: Array<{ who: DemoAccount; path: string; size: typeof desktop; overlays: Overlay[] }> = [
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
    ],
  },
];

/** Opens with Enter on the focused opener, closes with `how`, and expects focus back on the opener. */
async function roundTrip(page: Page, overlay: Overlay, how: "Escape" | "button") {
  const opener = overlay.opener(page);
  await opener.focus();
  await page.keyboard.press("Enter");
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
    test(`${who} at ${size.width}px: ${overlays.map((o) => o.name).join(", ")}`, async ({ page }) => {
      await logIn(page, who);
      await page.setViewportSize(size);
      await page.goto(path);
      await page.locator("main h1").first().waitFor({ timeout: 15_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const overlay of overlays) {
        await roundTrip(page, overlay, "Escape");
        if (overlay.close) await roundTrip(page, overlay, "button");
      }
    });
  }
});
