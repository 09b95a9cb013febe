/** The profile area's navigation: every section one click away, none a child may not open. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import ProfileLayout from "./ProfileLayout";

const path = "/iu/profile/*";

const linksOf = () =>
  within(screen.getByRole("navigation", { name: "Account sections" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("the profile area's navigation", () => {
  it("links every page of the profile list, and My library, marking the open one", async () => {
    await renderPage(<ProfileLayout />, "/iu/profile/history", { path, user: {} });
    await screen.findByRole("navigation", { name: "Account sections" });
    expect(linksOf()).toEqual([
      ["Profile", "/iu/profile/info"],
      ["Change password", "/iu/profile/change-password"],
      ["Payment methods", "/iu/profile/payment"],
      ["Purchase history", "/iu/profile/history"],
      ["My library", "/iu/library"],
      ["Certificates", "/iu/profile/certificates"],
      ["Email reminders", "/iu/profile/notifications"],
      ["Delete account", "/iu/profile/delete-account"],
    ]);
    expect(screen.getByRole("link", { name: "Purchase history" }).getAttribute("aria-current")).toBe("page");
  });

  it("hides payment settings from a child, in the side list and in the phone's select", async () => {
    await renderPage(<ProfileLayout />, "/iu/profile/info", {
      path,
      user: { user_profile: { date_of_birth: "2018-05-01", enable_salary_scale: false } },
    });
    expect(await screen.findByRole("navigation", { name: "Account sections" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Payment methods" })).toBeNull();
    const select = screen.getByLabelText("Your account");
    expect(within(select).queryByRole("option", { name: "Payment methods" })).toBeNull();
    expect(within(select).getAllByRole("option")).toHaveLength(7);
  });

  it("on a phone, the select shows the open section (a certificate too) and opens another, in Spanish", async () => {
    const { router, user } = await renderPage(<ProfileLayout />, "/iu/profile/certificates/12", {
      path,
      user: {},
      language: "es",
    });
    const select = (await screen.findByLabelText("Tu cuenta")) as HTMLSelectElement;
    expect(select.value).toBe("/iu/profile/certificates");
    await user.selectOptions(select, "Cambiar la contraseña");
    expect(router.state.location.pathname).toBe("/iu/profile/change-password");
  });
});
