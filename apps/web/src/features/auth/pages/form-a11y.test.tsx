/**
 * A refused login is said on the form itself (not only in a 3-second toast), and
 * the personal fields carry the autocomplete tokens of WCAG 1.3.5 so browsers and assistive tools
 * can fill them.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import LoginPage from "./LoginPage";
import RegisterPage from "./RegisterPage";

describe("login form", () => {
  it("shows a wrong password in an alert on the form, linked to the password and focused", async () => {
    server.use(api.error("post", "/auth/login", 401, { message: "Invalid login credentials" }));
    const { user } = await renderPage(<LoginPage />, "/login");
    await user.type(await screen.findByLabelText(/Username, email/), "ana");
    await user.type(screen.getByLabelText(/^Password/), "wrong");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid login credentials");
    const box = alert.closest("[id]") as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByLabelText(/^Password/).getAttribute("aria-describedby")).toContain(box.id);
  });
});

describe("autocomplete tokens", () => {
  it("names the learner's own date of birth bday on the registration form", async () => {
    await renderPage(<RegisterPage />, "/register");
    const birth = await screen.findByLabelText(/^Date of birth/);
    expect(birth.getAttribute("autocomplete")).toBe("bday");
    expect(screen.getByLabelText(/^First name/).getAttribute("autocomplete")).toBe("given-name");
    // The confirmation is the learner's own email too (WCAG 1.3.5): the browser may fill it.
    expect(screen.getByLabelText(/^Repeat the email/).getAttribute("autocomplete")).toBe("email");
  });
});
