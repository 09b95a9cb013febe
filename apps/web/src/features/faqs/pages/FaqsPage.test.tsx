import { faqCategoryPublicList, faqPublicList } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import FaqsPage from "./FaqsPage";

const t = (en: string, es: string) => ({ en, es });
const payments = { id: 1, name: t("Payments", "Pagos"), entries_count: 2 };
const account = { id: 2, name: t("Your account", "Tu cuenta"), entries_count: 1 };
const entry = (id: number, category: number, question: [string, string], answer: [string, string]) => ({
  id,
  category_id: category,
  question: t(...question),
  answer: t(...answer),
  updated_at: "2026-01-10T09:00:00.000Z",
});
const refund = entry(
  11,
  1,
  ["How do I get a refund?", "¿Cómo pido un reembolso?"],
  ["Open a ticket within 14 days.", "Abre una incidencia en 14 días."],
);
const card = entry(
  12,
  1,
  ["Which cards do you take?", "¿Qué tarjetas aceptáis?"],
  ["Visa and Mastercard.", "Visa y Mastercard."],
);
const password = entry(
  21,
  2,
  ["I forgot my password", "Olvidé mi contraseña"],
  ["Use the reset link on the login page.", "Usa el enlace de la página de acceso."],
);

/** The public FAQ API: grouped by category, filtered by search text and category as the server does. */
function serveFaqs() {
  server.use(
    api.get("/faqs/categories", faqCategoryPublicList, { data: [payments, account] }),
    api.get("/faqs", faqPublicList, ({ url }) => {
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const category = Number(url.searchParams.get("category_id") ?? 0);
      const groups = [
        { ...payments, entries: [refund, card] },
        { ...account, entries: [password] },
      ]
        .filter((g) => !category || g.id === category)
        .map((g) => ({
          ...g,
          entries: g.entries.filter((e) =>
            `${e.question.en} ${e.answer.en} ${e.question.es}`.toLowerCase().includes(search),
          ),
        }));
      return { data: groups, total: groups.reduce((n, g) => n + g.entries.length, 0) };
    }),
  );
}

describe("the FAQ page", () => {
  it("groups the questions by category, searches them and filters by category", async () => {
    serveFaqs();
    const { user } = await renderPage(<FaqsPage />, "/faqs");
    expect(await screen.findByRole("heading", { level: 2, name: "Payments" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Your account" })).toBeTruthy();
    expect(screen.getByText("How do I get a refund?")).toBeTruthy();

    await user.type(screen.getByRole("searchbox", { name: "Search the questions" }), "refund{Enter}");
    // The status counts this search's answers once they arrive, never the previous list's.
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe('1 answer for "refund"'));
    expect(screen.queryByText("I forgot my password")).toBeNull();
    // A search with few answers opens them.
    expect(screen.getByText("Open a ticket within 14 days.")).toBeTruthy();

    await user.clear(screen.getByRole("searchbox", { name: "Search the questions" }));
    await user.type(screen.getByRole("searchbox", { name: "Search the questions" }), "{Enter}");
    // The categories are a request of their own, which may answer after the questions.
    const filters = await screen.findByRole("group", { name: "Categories" });
    await user.click(await within(filters).findByRole("button", { name: /Your account/ }));
    // Every category was on screen before the click, so wait for the one that goes.
    await waitFor(() => expect(screen.queryByRole("heading", { level: 2, name: "Payments" })).toBeNull());
    expect(screen.getByText("I forgot my password")).toBeTruthy();
    expect(
      screen.getByText((_, el) => el?.tagName === "H2" && el.textContent === "Your account"),
    ).toBeTruthy();
    expect(
      within(filters)
        .getByRole("button", { name: /Your account/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(requests.at(-1)?.path).toBe("/api/faqs?category_id=2");
  });

  it("speaks Spanish: questions, answers and the empty search", async () => {
    serveFaqs();
    const { user } = await renderPage(<FaqsPage />, "/faqs?search=nada", { language: "es" });
    expect(await screen.findByText("No hay respuestas para «nada»")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ver todas las preguntas" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Pagos" })).toBeTruthy();
    expect(screen.getByText("¿Cómo pido un reembolso?")).toBeTruthy();
  });

  it("says the questions could not be loaded when the server fails, and tries again", async () => {
    server.use(
      api.get("/faqs/categories", faqCategoryPublicList, { data: [] }),
      api.error("get", "/faqs", 500, { message: "Something went wrong, please try again later" }),
    );
    const { user } = await renderPage(<FaqsPage />, "/faqs");
    expect(await screen.findByText("The questions could not be loaded.")).toBeTruthy();
    serveFaqs();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("How do I get a refund?")).toBeTruthy();
  });
});
