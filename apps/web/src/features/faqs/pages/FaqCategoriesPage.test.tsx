import { type FaqCategory, faqCategoryList, messageBody } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import FaqCategoriesPage from "./FaqCategoriesPage";

const manager = { user: { role_id: 3 as const, permissions: ["isFaqManager" as const] } };
const buildCategory = (id: number, en: string, es: string, entries = 0): FaqCategory => ({
  id,
  name: { en, es },
  entries_count: entries,
  position: id,
  active: true,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
});

describe("the FAQ categories page", { timeout: 30_000 }, () => {
  it("links each category to its page and its questions, and warns before deleting one that has questions", async () => {
    server.use(
      api.get("/af/faqs/categories", faqCategoryList, {
        data: [buildCategory(1, "Payments", "Pagos", 3), buildCategory(2, "Old", "Antigua")],
      }),
      api.delete("/af/faqs/categories/:id", messageBody, { message: "Category deleted" }),
    );
    const { user } = await renderPage(<FaqCategoriesPage />, "/af/faqs/categories", manager);
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const table = await screen.findByRole("table", { name: "FAQ categories" }, { timeout: 15_000 });
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("New category")).toBe("/af/faqs/categories/create");
    expect(href("FAQ entries")).toBe("/af/faqs/entries");
    expect(within(table).getByRole("link", { name: "Payments" }).getAttribute("href")).toBe(
      "/af/faqs/categories/1",
    );
    expect(href("Edit Payments")).toBe("/af/faqs/categories/1");
    expect(href("Show the 3 questions of Payments")).toBe("/af/faqs/entries?category=1");

    await user.click(screen.getByRole("button", { name: "Delete Payments" }));
    const inUse = await screen.findByRole("alertdialog", { name: "Delete this category?" });
    expect(
      within(inUse).getByText("This category still has 3 questions. Move or delete them first."),
    ).toBeTruthy();
    await user.click(within(inUse).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Delete Old" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this category?" });
    expect(within(confirm).getByText('"Old" will be deleted. This cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "DELETE")?.path).toBe("/api/af/faqs/categories/2"),
    );
    expect(await screen.findByText("Category deleted")).toBeTruthy();
  });

  it("offers a new category in the empty list, in Spanish", async () => {
    server.use(api.get("/af/faqs/categories", faqCategoryList, { data: [] }));
    await renderPage(<FaqCategoriesPage />, "/af/faqs/categories", { ...manager, language: "es" });
    expect(await screen.findByText("Aún no hay categorías", undefined, { timeout: 15_000 })).toBeTruthy();
    const creates = screen.getAllByRole("link", { name: "Nueva categoría" });
    // The header's link and the empty list's one.
    expect(creates.map((link) => link.getAttribute("href"))).toEqual([
      "/af/faqs/categories/create",
      "/af/faqs/categories/create",
    ]);
  });
});
