/**
 * The admin course structure's outline follows the page title — levels are h2,
 * modules h3 — instead of jumping from the page's h1 to h3.
 */
import type { AdminCourse } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { StructureEditor } from "./StructureEditor";

const course = {
  id: 3,
  levels: [
    {
      id: 1,
      title_en: "Beginners",
      title_es: "Principiantes",
      position: 1,
      modules: [{ id: 2, title_en: "Greetings", title_es: "Saludos", position: 1, lectures: [] }],
    },
  ],
} as unknown as AdminCourse;

describe("course structure editor", () => {
  it("titles levels with h2 and modules with h3 under the page's h1", async () => {
    await renderPage(
      <main>
        <h1>Spanish for beginners</h1>
        <StructureEditor course={course} onOpenLecture={() => {}} />
      </main>,
      "/af/courses/3",
      { user: { role_id: 3 } },
    );
    expect((await screen.findByRole("heading", { name: "Beginners" })).tagName).toBe("H2");
    expect(screen.getByRole("heading", { name: "Greetings" }).tagName).toBe("H3");
  });
});
