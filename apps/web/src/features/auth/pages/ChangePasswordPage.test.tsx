import { authMessageResponse } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import ChangePasswordPage from "./ChangePasswordPage";

const at = "/iu/profile/change-password";

async function fill(user: UserEvent, current: string, next: string) {
  await user.type(await screen.findByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Repeat the password/), next);
  await user.click(screen.getByRole("button", { name: "Change password" }));
}

describe("the change-password page", () => {
  it("asks before leaving an edited form, and stays when asked to", async () => {
    const { router, user } = await renderPage(<ChangePasswordPage />, at, { user: {} });
    await user.type(await screen.findByLabelText(/^Current password/), "something");
    await user.click(screen.getByRole("link", { name: /Profile/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("If you leave this page, all editing is discarded.");
    await user.click(screen.getByRole("button", { name: "Stay on this page" }));
    expect(router.state.location.pathname).toBe(at);
  });

  it("puts the server's refusal of the current password under that field", async () => {
    server.use(
      api.error("put", "/iu/change-password", 422, {
        message: "The current password is not correct",
        errors: { current_password: ["The current password is not correct"] },
      }),
    );
    const { user } = await renderPage(<ChangePasswordPage />, at, { user: {} });
    await fill(user, "Wrong-pass1", "Better-pass2");
    expect(await screen.findAllByText("The current password is not correct")).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Current password/).getAttribute("aria-invalid")).toBe("true");
    expect(requests[0]).toMatchObject({
      method: "PUT",
      body: {
        current_password: "Wrong-pass1",
        password: "Better-pass2",
        password_confirmation: "Better-pass2",
      },
    });
  });

  it("confirms a change and empties the form, in Spanish", async () => {
    server.use(
      api.put("/iu/change-password", authMessageResponse, {
        message: "Tu contraseña se ha cambiado",
      }),
    );
    const { user } = await renderPage(<ChangePasswordPage />, at, { user: {}, language: "es" });
    await user.type(await screen.findByLabelText(/^Contraseña actual/), "Secret-pass1");
    await user.type(screen.getByLabelText(/^Contraseña nueva/), "Better-pass2");
    await user.type(screen.getByLabelText(/^Repite la contraseña/), "Better-pass2");
    await user.click(screen.getByRole("button", { name: "Cambiar la contraseña" }));
    expect(await screen.findByText("Tu contraseña se ha cambiado")).toBeTruthy();
    expect((screen.getByLabelText(/^Contraseña actual/) as HTMLInputElement).value).toBe("");
  });
});
