import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import EventFormPage from "./EventFormPage";

describe("the event form's country (chosen from a list, not a typed ISO code)", () => {
  it("is picked from countries named in the interface language, keeping the ISO code", async () => {
    const { user } = await renderPage(<EventFormPage />, "/af/events/create", {
      language: "es",
      user: { role_id: 3, permissions: ["isEventManager"] },
    });
    await user.click(await screen.findByRole("radio", { name: /Nacionales/ }));
    const country = screen.getByRole("combobox", { name: /País/ });
    await user.selectOptions(country, "España");
    expect((country as HTMLSelectElement).value).toBe("ES");
    expect(screen.getByRole("option", { name: "Reino Unido" }).getAttribute("value")).toBe("GB");
  });
});
