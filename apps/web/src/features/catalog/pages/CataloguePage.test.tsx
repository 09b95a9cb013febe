/**
 * The public catalogue's filter and sort controls: each choice goes into the address and
 * into the request to GET /courses, a search asks for suggestions as the visitor types and Enter
 * searches, and clearing the filters drops them all.
 */
import { type CourseCard, courseCategoryList, courseList, courseSuggestions } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n";
import { buildCourseCard } from "../../../test/factories";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import CataloguePage from "./CataloguePage";

const card = (id: number, title: string): CourseCard =>
  buildCourseCard({
    id,
    title,
    price_pence: 0,
    is_free: true,
    language: "es",
    rating_average: 4.5,
    rating_count: 2,
  });

const lastList = () => [...requests].reverse().find((r) => r.path.startsWith("/api/courses?"))?.path ?? "";

// The page's two namespaces load lazily in the app; loaded once here so the first test does not
// spend its wait on importing them.
beforeAll(async () => {
  for (const language of ["en", "es"]) await i18n.loadLanguages(language);
  await i18n.loadNamespaces(["catalog", "reviews"]);
});

beforeEach(() => {
  server.use(
    api.get("/iu/categories", courseCategoryList, {
      data: [{ id: 7, name: "Languages", slug: "languages", course_count: 1 }],
    }),
    api.get("/courses", courseList, ({ url }) => ({
      data: url.searchParams.get("q") ? [card(2, "Programación en Python")] : [card(1, "Everyday Spanish")],
      total: 1,
      next_page_url: null,
    })),
    api.get("/courses/suggest", courseSuggestions, { data: [{ id: 2, title: "Programación en Python" }] }),
  );
});

describe("the catalogue's filters and order", () => {
  it("sends each filter and the order to the server, and clears the filters but not the order", async () => {
    const { user } = await renderPage(<CataloguePage />, "/courses");
    expect(
      await screen.findByRole("heading", { level: 2, name: "Everyday Spanish" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText("4.5")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Price"), "free");
    await user.selectOptions(screen.getByLabelText("Level"), "beginner");
    await user.selectOptions(screen.getByLabelText("Length"), "1_3h");
    await user.selectOptions(screen.getByLabelText("Rating"), "4");
    // The categories are a request of their own, which may answer after the titles.
    const category = screen.getByLabelText("Category");
    await within(category).findByRole("option", { name: "Languages" });
    await user.selectOptions(category, "7");
    await user.selectOptions(screen.getByLabelText("Sort by"), "price_high");
    await waitFor(() => {
      const path = lastList();
      for (const part of [
        "price=free",
        "level=beginner",
        "length=1_3h",
        "min_rating=4",
        "category_id=7",
        "sort=price_high",
      ])
        expect(path).toContain(part);
    });
    // The phone's folded panel says how many filters apply (the order is not a filter).
    expect(screen.getByRole("button", { name: "Filters (5)" }).getAttribute("aria-expanded")).toBe("false");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(lastList()).not.toContain("price="));
    expect(screen.getByRole("button", { name: "Filters" })).toBeTruthy();
    expect(lastList()).toContain("sort=price_high");
  });

  it("suggests titles while typing (keyboard combobox) and searches on Enter", async () => {
    const { user } = await renderPage(<CataloguePage />, "/courses", { language: "es" });
    const box = await screen.findByRole("combobox", { name: "Buscar títulos" });
    await user.type(box, "programacion");
    const list = await screen.findByRole("listbox");
    expect(within(list).getByRole("option", { name: "Programación en Python" })).toBeTruthy();
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(requests.some((r) => r.path.startsWith("/api/courses/suggest?q=programacion"))).toBe(true);
    await user.keyboard("{Escape}");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(lastList()).toContain("q=programacion"));
    expect(await screen.findByRole("heading", { level: 2, name: "Programación en Python" })).toBeTruthy();
  });
});
