/** The delete-account form says a wrongly typed username under the field, whoever finds it wrong. */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useSession } from "../../../stores/session";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import DeleteAccountPage from "./DeleteAccountPage";

const at = "/iu/profile/delete-account";

describe("the delete-account form", () => {
  it("says a wrongly typed username while the feedback is still too short, both under their fields", async () => {
    const { user } = await renderPage(<DeleteAccountPage />, at, { user: {} });
    await user.type(await screen.findByLabelText(/Why are you leaving/), "Busy");
    await user.type(screen.getByLabelText(/Type your username/), "someone");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("The username does not match your account")).toBeTruthy();
    expect(screen.getByLabelText(/Type your username/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText(/Why are you leaving/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("accepts the username in any letter case, as the server does", async () => {
    const { user } = await renderPage(<DeleteAccountPage />, at, { user: {} });
    await user.type(await screen.findByLabelText(/Why are you leaving/), "Too busy this year");
    await user.type(screen.getByLabelText(/Type your username/), "ANA");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
  });

  it("puts the server's refusal of the username under the field, translated, when the page could not check it", async () => {
    server.use(
      api.error("delete", "/iu/me", 422, {
        message: "El nombre de usuario no coincide con tu cuenta",
        errors: { username: ["El nombre de usuario no coincide con tu cuenta"] },
      }),
    );
    const { user } = await renderPage(<DeleteAccountPage />, at, { user: {}, language: "es" });
    // A session that has not loaded its username yet: only the server can say the name is wrong.
    useSession.setState({ username: null });
    await user.type(await screen.findByLabelText(/Por qué te vas/), "Demasiado ocupada este año");
    await user.type(screen.getByLabelText(/Escribe tu nombre de usuario/), "otra");
    await user.click(screen.getByRole("button", { name: "Eliminar mi cuenta" }));
    await user.click(await screen.findByRole("button", { name: "Eliminar la cuenta" }));
    // Under the field (the toast says it too): the field is marked and names its message.
    const field = screen.getByLabelText(/Escribe tu nombre de usuario/);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const described = (field.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      "El nombre de usuario no coincide con tu cuenta",
    );
  });
});
