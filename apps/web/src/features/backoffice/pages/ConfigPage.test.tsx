import { configurationAdminEntry, promoBarValue, Role } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import ConfigPage from "./ConfigPage";

// The route's answers (apps/api/src/config/configurations.admin.ts), from the contract's pieces.
const list = z.object({ data: z.array(configurationAdminEntry) });
const saved = z.object({ message: z.string(), data: configurationAdminEntry });

const promoBar = {
  id: 4,
  key: "promo_bar",
  description: "The bar above every page",
  status: 1,
  is_public: true,
  value: promoBarValue.parse({
    bannerFirstText: "Summer sale:",
    bannerSecondText: "all titles 20% off",
    bannerPlaceholder: "SUN20",
    bannerBgColorLeft: "#3730a3",
    bannerBgColorRight: "#0f766e",
    bannerPlaceholderBgColor: "#fbbf24",
    bannerTextColor: "#ffffff",
  }),
  updated_at: "2026-11-01T09:00:00.000Z",
};

describe("the configuration page", () => {
  it("edits the promo bar with a live preview, warns about unreadable colours, and saves", async () => {
    server.use(
      api.get("/af/configurations", list, { data: [promoBar] }),
      api.put("/af/configurations/:id", saved, ({ json }) => ({
        message: "The configuration entry has been saved",
        data: { ...promoBar, ...(json as object) },
      })),
    );
    const { user } = await renderPage(<ConfigPage />, "/af/config-overview?search=promo", {
      user: { role_id: Role.admin, permissions: ["isConfigManager"] },
    });
    await user.click(await screen.findByRole("button", { name: "Edit promo_bar" }));
    const dialog = await screen.findByRole("dialog");
    const preview = within(dialog).getByTestId("promo-preview");
    expect(preview.textContent).toContain("Summer sale:");

    const first = within(dialog).getByLabelText(/^First text in English \(bold\)/);
    await user.clear(first);
    await user.type(first, "Spring sale:");
    const code = within(dialog).getByLabelText(/^Code in the badge/);
    await user.clear(code);
    await user.type(code, "SPRING25");
    const left = within(dialog).getByRole("textbox", { name: "Background, left" });
    await user.clear(left);
    await user.type(left, "#7c2d12");
    expect(preview.textContent).toContain("Spring sale:");
    expect(preview.textContent).toContain("SPRING25");
    expect(preview.getAttribute("style")).toMatch(/rgb\(124, 45, 18\)|#7c2d12/i);

    const text = within(dialog).getByRole("textbox", { name: "Text" });
    await user.clear(text);
    await user.type(text, "#7c2d13");
    expect(within(dialog).getByText(/The text is hard to read on this background/)).toBeTruthy();
    await user.clear(text);
    await user.type(text, "#ffffff");
    expect(within(dialog).queryByText(/The text is hard to read on this background/)).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The configuration entry has been saved")).toBeTruthy();
    const put = requests.find((r) => r.method === "PUT");
    expect(put?.path).toBe("/api/af/configurations/4");
    expect(put?.body).toMatchObject({
      status: 1,
      value: { bannerFirstText: "Spring sale:", bannerPlaceholder: "SPRING25", bannerBgColorLeft: "#7c2d12" },
    });
  });

  it("puts the server's field messages under the promo bar's fields", async () => {
    server.use(
      api.get("/af/configurations", list, { data: [promoBar] }),
      api.error("put", "/af/configurations/:id", 422, {
        message: "The given data was invalid.",
        errors: { "value.bannerFirstText": ["This field is required"] },
      }),
    );
    const { user } = await renderPage(<ConfigPage />, "/af/config-overview", {
      user: { role_id: Role.admin, permissions: ["isConfigManager"] },
    });
    await user.click(await screen.findByRole("button", { name: "Edit promo_bar" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This field is required")).toBeTruthy();
  });
});
