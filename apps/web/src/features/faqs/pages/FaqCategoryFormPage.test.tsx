import { faqCategoryEnvelope } from "@aprendo/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import FaqCategoryFormPage from "./FaqCategoryFormPage";

const manager = { user: { role_id: 3 as const, permissions: ["isFaqManager" as const] } };
const payments = {
  id: 3,
  name: { en: "Payments", es: "Pagos" },
  entries_count: 2,
  position: 1,
  active: true,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

describe("the FAQ category form", { timeout: 30_000 }, () => {
  it("loads the category in both languages, shows the server's field message, then saves and goes back", async () => {
    server.use(
      api.get("/af/faqs/categories/:id", faqCategoryEnvelope, { data: payments }),
      api.error("put", "/af/faqs/categories/:id", 422, {
        message: "The given data was invalid.",
        errors: { "name.es": ["Ya existe una categoría con este nombre"] },
      }),
    );
    const { user } = await renderPage(<FaqCategoryFormPage />, "/af/faqs/categories/3", {
      ...manager,
      path: "/af/faqs/categories/:id",
      language: "es",
    });
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const spanish = (await screen.findByLabelText(/^Nombre \(español\)/, undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    await waitFor(() => expect(spanish.value).toBe("Pagos"));
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Ya existe una categoría con este nombre")).toBeTruthy();
    // The name is changed and saved again; this time the server takes it.
    server.use(
      api.put("/af/faqs/categories/:id", faqCategoryEnvelope, ({ json }) => ({
        message: "Categoría guardada",
        data: { ...payments, ...(json as object) },
      })),
    );
    await user.clear(spanish);
    await user.type(spanish, "Pagos y facturas");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/af/faqs/categories"));
    expect(requests.filter((r) => r.method === "PUT").at(-1)).toMatchObject({
      path: "/api/af/faqs/categories/3",
      body: { name: { en: "Payments", es: "Pagos y facturas" }, position: 1, active: true },
    });
    expect(await screen.findByText("Categoría guardada")).toBeTruthy();
  });
});
