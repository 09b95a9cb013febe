/** Where a guardian's confirmation link lands: what happened to the child's account. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import GuardianConfirmedPage from "./GuardianConfirmedPage";

describe("the guardian's confirmation page", () => {
  it("says the child's account is confirmed and who can now log in, in Spanish", async () => {
    const { router } = await renderPage(<GuardianConfirmedPage />, "/guardian-confirmed", { language: "es" });
    await router.navigate("/guardian-confirmed", { state: { result: "confirmed", username: "leo" } });
    expect(await screen.findByRole("heading", { name: "Cuenta confirmada" })).toBeTruthy();
    expect(screen.getByText(/La cuenta leo está confirmada/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a iniciar sesión" }).getAttribute("href")).toBe("/login");
  });

  it("gives the server's reason for a link that does not work", async () => {
    const { router } = await renderPage(<GuardianConfirmedPage />, "/guardian-confirmed");
    await router.navigate("/guardian-confirmed", {
      state: {
        result: "invalid",
        message: "This confirmation link is invalid or has expired. Ask for a new one.",
      },
    });
    expect(await screen.findByRole("heading", { name: "This confirmation link does not work" })).toBeTruthy();
    expect(
      screen.getByText("This confirmation link is invalid or has expired. Ask for a new one."),
    ).toBeTruthy();
  });
});
