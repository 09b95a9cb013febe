import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../test/render";
import { OfflineBanner } from "./components/OfflineBanner";
import NotFoundPage from "./pages/NotFoundPage";

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}
afterEach(() => goOffline(false));

describe("the offline banner", () => {
  it("shows while the browser is offline and goes when it is back", async () => {
    await renderPage(<OfflineBanner />, "/iu/dashboard", { user: {} });
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    goOffline(true);
    expect(screen.getByRole("status").textContent).toBe("You are offline");
    goOffline(false);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });
});

describe("the not-found page", () => {
  it("speaks Spanish and sends a learner back to the dashboard", async () => {
    await renderPage(<NotFoundPage />, "/404", { user: {}, language: "es" });
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada (404)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a la página de inicio" }).getAttribute("href")).toBe(
      "/iu/dashboard",
    );
  });

  it("sends a guest to the home page", async () => {
    await renderPage(<NotFoundPage />, "/404");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found (404)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /home page/i }).getAttribute("href")).toBe("/");
  });
});
