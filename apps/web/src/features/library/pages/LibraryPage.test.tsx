/** "My library": what the learner owns, how far they read, Read / Download, locked e-books, empty. */
import { library } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import LibraryPage from "./LibraryPage";

const at = "/iu/library";
const book = (id: number, lecture: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Notes ${id}`,
  lecture: { id: id * 10, title: lecture },
  pages: 3,
  last_page: 1,
  read_at: null,
  locked: false,
  ...extra,
});
const owned = {
  data: [
    {
      course: { id: 5, title: "Algebra" },
      kind: "ebook" as const,
      title: "Algebra: the e-book",
      cover_url: null,
      cover_color: "#4338ca",
      source: "purchase" as const,
      order_number: "A-000123",
      acquired_at: "2026-03-04T10:00:00.000Z",
      books: [
        book(11, "Lecture 1", { last_page: 2, read_at: new Date().toISOString() }),
        book(12, "Lecture 2"),
      ],
    },
    {
      course: { id: 6, title: "Geometry" },
      kind: "title" as const,
      title: "Geometry",
      cover_url: null,
      cover_color: "#0f766e",
      source: "enrolment" as const,
      order_number: null,
      acquired_at: "2026-02-01T10:00:00.000Z",
      books: [book(21, "Points"), book(22, "Lines", { locked: true })],
    },
  ],
  owned: [{ offer_id: 3, product_ids: [9], ebook_id: 11 }],
};

describe("My library", () => {
  it("shows each owned e-book with its progress, Read at the last page and Download; locked ones wait", async () => {
    server.use(api.get("/iu/library", library, owned));
    await renderPage(<LibraryPage />, at, { user: {} });
    expect(await screen.findByRole("heading", { level: 1, name: "My library" })).toBeTruthy();

    const bought = await screen.findByRole("region", { name: "Algebra: the e-book" });
    expect(bought.textContent).toContain("E-book");
    expect(bought.textContent).toContain("Bought 4 Mar 2026");
    expect(bought.textContent).toContain("Order A-000123");
    const progress = within(bought).getByRole("progressbar", { name: "Reading progress of Notes 11" });
    expect(progress.getAttribute("aria-valuetext")).toBe("Page 2 of 3");
    expect(within(bought).getByRole("link", { name: "Continue reading" }).getAttribute("href")).toBe(
      "/iu/library/11",
    );
    expect(within(bought).getByRole("link", { name: "Read" }).getAttribute("href")).toBe("/iu/library/12");
    expect(within(bought).getAllByRole("button", { name: /^Download PDF: Notes 1\d$/ })).toHaveLength(2);

    const included = screen.getByRole("region", { name: "Geometry" });
    expect(included.textContent).toContain("Included in your title");
    expect(included.textContent).toContain("Opens when you reach this lecture");
    expect(within(included).getAllByRole("link", { name: "Read" })).toHaveLength(1);
    expect(within(included).getAllByRole("button", { name: /Download/ })).toHaveLength(1);
  });

  it("tells why a download failed, in Spanish", async () => {
    server.use(
      api.get("/iu/library", library, owned),
      api.error("get", "/iu/library/ebooks/12/download", 403, {
        message: "No tienes acceso a este libro electrónico",
      }),
    );
    const { user } = await renderPage(<LibraryPage />, at, { user: {}, language: "es" });
    await user.click(await screen.findByRole("button", { name: "Descargar PDF: Notes 12" }));
    expect(await screen.findByText("No tienes acceso a este libro electrónico")).toBeTruthy();
    const bought = screen.getByRole("region", { name: "Algebra: the e-book" });
    expect(bought.textContent).toContain("Libro electrónico");
    expect(bought.textContent).toContain("Comprado el 4 mar 2026 · Pedido A-000123");
  });

  it("points to the shop when the library is empty", async () => {
    server.use(api.get("/iu/library", library, { data: [], owned: [] }));
    await renderPage(<LibraryPage />, at, { user: {} });
    expect(await screen.findByText("Your library is empty")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse the shop" }).getAttribute("href")).toBe("/iu/shop");
  });
});
