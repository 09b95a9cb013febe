/**
 * Guest and account pages start with a skip link, the language list changes the
 * interface only on an explicit choice (WCAG 3.2.2) and names each language in its own language
 * (3.1.2), and the toast region is named in the interface language.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import GuestLayout from "../../app/layouts/GuestLayout";
import { i18n } from "../../i18n";
import { renderPage } from "../../test/render";
import { AuthLayout } from "../auth/components/AuthLayout";

describe("guest layouts", () => {
  it("open with a skip link to the main content, on public and on account pages", async () => {
    const { user, unmount } = await renderPage(<GuestLayout />, "/faqs");
    const skip = await screen.findByRole("link", { name: "Skip to content" });
    await user.tab();
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute("href")).toBe("#main");
    expect(document.getElementById("main")?.tagName).toBe("MAIN");
    unmount();

    const account = await renderPage(
      <AuthLayout title="Log in">
        <p>form</p>
      </AuthLayout>,
      "/login",
    );
    const first = await screen.findByRole("link", { name: "Skip to content" });
    await account.user.tab();
    expect(document.activeElement).toBe(first);
    expect(document.getElementById("main")?.tagName).toBe("MAIN");
  });
});

describe("top-bar language list", () => {
  it("does not switch on ArrowDown, switches on a chosen item, and marks each name's language", async () => {
    const { user } = await renderPage(<GuestLayout />, "/faqs");
    const trigger = await screen.findByTestId("language-switch");
    trigger.focus();
    await user.keyboard("{ArrowDown}");
    const spanish = await screen.findByRole("menuitemradio", { name: "Español" });
    expect(i18n.language).toBe("en");
    expect(spanish.getAttribute("lang")).toBe("es");
    expect(screen.getByRole("menuitemradio", { name: "English" }).getAttribute("lang")).toBe("en");
    await user.keyboard("{ArrowDown}");
    expect(i18n.language).toBe("en");

    await user.click(spanish);
    await waitFor(() => expect(i18n.language).toBe("es"));
    // Focus returns to the trigger, now showing the chosen language.
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(trigger.textContent).toContain("Español");
  });

  it("names the toast region in the interface language", async () => {
    await renderPage(<p>page</p>, "/", { language: "es" });
    expect((await screen.findByRole("region", { name: /^Notificaciones/ })).tagName).toBe("SECTION");
  });
});
