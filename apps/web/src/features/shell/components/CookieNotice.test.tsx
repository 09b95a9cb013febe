import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import CookieNotice from "./CookieNotice";

describe("the cookie notice", () => {
  it("reserves its room at the bottom of the page while it shows, and gives it back once accepted", async () => {
    const { user } = await renderPage(<CookieNotice />, "/");
    const notice = await screen.findByTestId("cookie-notice");
    const root = document.documentElement;
    expect(root.style.getPropertyValue("--cookie-inset")).toMatch(/^\d+px$/);
    expect(document.body.style.paddingBottom).toBe(root.style.getPropertyValue("--cookie-inset"));
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(notice.isConnected).toBe(false);
    expect(root.style.getPropertyValue("--cookie-inset")).toBe("");
    expect(document.body.style.paddingBottom).toBe("");
  });
});
