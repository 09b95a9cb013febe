import {
  type DistributorOut,
  distributorList,
  messageBody,
  notesOfferChoices,
  type ShopCategoryOut,
  shopCategoryList,
  shopSaved,
} from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import ProductFormPage from "./pages/ProductFormPage";
import ShopCategoriesPage from "./pages/ShopCategoriesPage";
import ShopDistributorsPage from "./pages/ShopDistributorsPage";

const manager = { user: { role_id: 3 as const } };
const buildCategory = (id: number, name: string, extra: Partial<ShopCategoryOut> = {}): ShopCategoryOut => ({
  id,
  name,
  name_en: name,
  name_es: `${name} (es)`,
  position: id,
  active: true,
  product_count: 0,
  ...extra,
});
const buildDistributor = (id: number, name: string, extra: Partial<DistributorOut> = {}): DistributorOut => ({
  id,
  name,
  contact_name: null,
  email: null,
  phone: null,
  country: "GB",
  active: true,
  product_count: 0,
  ...extra,
});

describe("the shop's lists edited in a dialog", { timeout: 30_000 }, () => {
  it("lists the categories under the shop's tabs and creates one from the dialog the Create button opens", async () => {
    let categories = [
      buildCategory(1, "Novels", { product_count: 4 }),
      buildCategory(2, "Poetry", { active: false }),
    ];
    server.use(
      api.get("/af/shop-categories", shopCategoryList, () => ({ data: categories })),
      api.post(
        "/af/shop-categories",
        shopSaved,
        ({ json }) => {
          categories = [...categories, buildCategory(3, (json as { name_en: string }).name_en)];
          return { id: 3, message: "Category created" };
        },
        201,
      ),
    );
    const { user } = await renderPage(<ShopCategoriesPage />, "/af/shop-categories", manager);
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const table = await screen.findByRole("table", { name: "Shop categories" }, { timeout: 15_000 });
    expect(screen.getByRole("navigation", { name: "Shop" })).toBeTruthy();
    const novels = within(table).getByText("Novels").closest("tr")!;
    expect(within(novels).getByText("Shown")).toBeTruthy();
    expect(within(novels).getByText("4")).toBeTruthy();
    expect(within(within(table).getByText("Poetry").closest("tr")!).getByText("Hidden")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "New category" }));
    const dialog = await screen.findByRole("dialog", { name: "New shop category" });
    await user.type(within(dialog).getByLabelText(/^Name \(English\)/), "Science");
    await user.type(within(dialog).getByLabelText(/^Name \(Spanish\)/), "Ciencia");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.find((r) => r.method === "POST")).toMatchObject({
      path: "/api/af/shop-categories",
      body: { name_en: "Science", name_es: "Ciencia", position: 0, active: true },
    });
    expect(await screen.findByText("Category created")).toBeTruthy();
    expect(await within(table).findByText("Science")).toBeTruthy();
  });

  it("edits a distributor from its row and deletes another after asking, naming it", async () => {
    server.use(
      api.get("/af/shop-distributors", distributorList, {
        data: [
          buildDistributor(1, "Acme Books", { contact_name: "Rosa Díaz", email: "rosa@acme.test" }),
          buildDistributor(2, "Old Press", { active: false }),
        ],
      }),
      api.put("/af/shop-distributors/:id", shopSaved, { id: 1, message: "Distributor saved" }),
      api.delete("/af/shop-distributors/:id", messageBody, { message: "Distributor deleted" }),
    );
    const { user } = await renderPage(<ShopDistributorsPage />, "/af/shop-distributors", manager);
    const table = await screen.findByRole("table", { name: "Distributors" }, { timeout: 15_000 });
    const acme = within(table).getByText("Acme Books").closest("tr")!;
    expect(within(acme).getByText("rosa@acme.test")).toBeTruthy();
    expect(within(within(table).getByText("Old Press").closest("tr")!).getByText("Inactive")).toBeTruthy();

    await user.click(within(acme).getByRole("button", { name: "Edit Acme Books" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit distributor" });
    const contact = within(dialog).getByLabelText(/^Contact person/) as HTMLInputElement;
    expect(contact.value).toBe("Rosa Díaz");
    await user.clear(contact);
    await user.type(contact, "Luis Gómez");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.find((r) => r.method === "PUT")).toMatchObject({
      path: "/api/af/shop-distributors/1",
      body: { name: "Acme Books", contact_name: "Luis Gómez", email: "rosa@acme.test", country: "GB" },
    });

    await user.click(screen.getByRole("button", { name: "Delete Old Press" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this distributor?" });
    expect(within(confirm).getByText(/“Old Press” will be deleted/)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "DELETE")?.path).toBe("/api/af/shop-distributors/2"),
    );
    expect(await screen.findByText("Distributor deleted")).toBeTruthy();
  });

  it("offers Create in the empty list too, in Spanish", async () => {
    server.use(api.get("/af/shop-categories", shopCategoryList, { data: [] }));
    const { user } = await renderPage(<ShopCategoriesPage />, "/af/shop-categories", {
      ...manager,
      language: "es",
    });
    expect(
      await screen.findByText("Todavía no hay categorías en la tienda", undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    const creates = screen.getAllByRole("button", { name: "Nueva categoría" });
    // The header's button and the empty list's one open the same dialog.
    expect(creates).toHaveLength(2);
    await user.click(creates[1]!);
    const dialog = await screen.findByRole("dialog", { name: "Nueva categoría de la tienda" });
    expect(within(dialog).getByRole("button", { name: "Guardar" })).toBeTruthy();
  });
});

describe("a new product's kind", { timeout: 30_000 }, () => {
  it("starts as a printed book with its price, and an e-book is sold through an e-notes offer instead", async () => {
    server.use(
      api.get("/af/shop-categories", shopCategoryList, { data: [] }),
      api.get("/af/shop-distributors", distributorList, { data: [] }),
      api.get("/af/notes-offers", notesOfferChoices, {
        data: [{ id: 6, name: "Algebra notes", price: 4.99 }],
      }),
    );
    const { user } = await renderPage(<ProductFormPage />, "/af/products/create", manager);
    const printed = (await screen.findByRole(
      "radio",
      { name: "Printed book" },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(printed.checked).toBe(true);
    expect(screen.getByLabelText(/^List price/)).toBeTruthy();
    // A printed book needs no offers: they are not asked for.
    expect(requests.some((r) => r.path.startsWith("/api/af/notes-offers"))).toBe(false);

    await user.click(screen.getByRole("radio", { name: "E-book" }));
    expect(screen.queryByLabelText(/^List price/)).toBeNull();
    const offer = screen.getByLabelText(/^E-notes offer/) as HTMLSelectElement;
    await waitFor(() =>
      expect([...offer.options].map((o) => o.textContent)).toContain("Algebra notes · £4.99"),
    );
  });
});
