/**
 * A course list's cards follow the page title as h2s (no jump from h1 to h3, point 7) and
 * mark a title's name in its own language where the API says it differs from the interface (point 4).
 */
import type { CourseCard as Course } from "@aprendo/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { CourseGrid } from "./CourseGrid";

const course: Course = {
  id: 4,
  title: "Spanish for beginners",
  short_description: "Greetings and numbers",
  status: "published",
  category: null,
  price_pence: 0,
  currency: "GBP",
  is_free: true,
  cover_url: null,
  level_count: 1,
  lecture_count: 3,
  duration_seconds: 600,
  enrolment_count: 2,
  published_at: null,
  enrolled: false,
  progress_percent: null,
  level: "beginner",
  language: "es",
  rating_average: 4.5,
  rating_count: 12,
};

describe("course grid", () => {
  it("titles each card with an h2 under the page's h1", async () => {
    const query = {
      isPending: false,
      isError: false,
      isPlaceholderData: false,
      data: { data: [course], total: 1 },
    } as unknown as UseQueryResult<{ data: Course[]; total: number }>;
    await renderPage(
      <main>
        <h1>All titles</h1>
        <CourseGrid
          query={query}
          page={1}
          perPage={12}
          onPageChange={() => {}}
          empty={{ icon: null, title: "", text: "" }}
          label="All titles"
        />
      </main>,
      "/iu/courses",
    );
    // The catalogue namespace loads lazily; on a loaded machine that takes more than the default second.
    const title = await screen.findByRole("heading", { name: "Spanish for beginners" }, { timeout: 5000 });
    expect(title.tagName).toBe("H2");
  });

  it('marks a name written in Spanish with lang="es" in the English interface, and nothing else', async () => {
    const spanishName = { ...course, id: 5, title: "Buenos días", title_lang: "es" as const };
    const query = {
      isPending: false,
      isError: false,
      isPlaceholderData: false,
      data: { data: [spanishName], total: 1 },
    } as unknown as UseQueryResult<{ data: Course[]; total: number }>;
    await renderPage(
      <CourseGrid
        query={query}
        page={1}
        perPage={12}
        onPageChange={() => {}}
        empty={{ icon: null, title: "", text: "" }}
        label="All titles"
      />,
      "/iu/courses",
    );
    const title = await screen.findByRole("heading", { name: "Buenos días" }, { timeout: 5000 });
    expect(title.querySelector('[lang="es"]')?.textContent).toBe("Buenos días");
    expect(screen.getByText("Greetings and numbers").closest("[lang]")?.getAttribute("lang")).not.toBe("es");
  });
});
