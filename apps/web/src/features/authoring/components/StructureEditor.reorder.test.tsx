/**
 * Moving a level with the keyboard (moved down from the browser suite's authoring spec): the outline
 * moves at once, the focus stays on the moved level's button, a screen reader hears where it went,
 * and the server is sent the new order; the outline read again afterwards keeps it.
 */
import { type AdminCourse, adminCourse, messageBody, Role } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import { useAdminCourse } from "../api";
import { StructureEditor } from "./StructureEditor";

const level = (id: number, en: string, es: string, position: number) => ({
  id,
  title_en: en,
  title_es: es,
  position,
  modules: [],
});

/** The title as GET /api/af/courses/:id answers it, its levels in `order`. */
function course(order: number[]): AdminCourse {
  const levels = [level(11, "First", "Primero", 1), level(12, "Second", "Segundo", 2)];
  return adminCourse.parse({
    id: 7,
    category_id: null,
    category_name: null,
    status: "draft",
    title_en: "Order test",
    title_es: "Prueba de orden",
    price_pence: 0,
    currency: "GBP",
    is_free: true,
    cover_url: null,
    position: 1,
    enrolment_count: 0,
    published_at: null,
    updated_at: "2026-11-20T10:00:00.000Z",
    short_description_en: "",
    short_description_es: "",
    description_en: "",
    description_es: "",
    level: "beginner",
    language: "es",
    outcomes_en: "",
    outcomes_es: "",
    requirements_en: "",
    requirements_es: "",
    created_at: "2026-11-20T10:00:00.000Z",
    levels: order.map((id, index) => ({ ...levels.find((l) => l.id === id)!, position: index + 1 })),
  });
}

/** The editor as the title's page shows it: fed by the title's query, which a move updates. */
function Outline() {
  const { data } = useAdminCourse(7);
  return (
    <main>
      <h1>Order test</h1>
      {data && <StructureEditor course={data} onOpenLecture={() => {}} />}
    </main>
  );
}

describe("moving a level in the outline", () => {
  it("moves it with the keyboard, keeps the focus on it, announces its place and stores the order", async () => {
    let order = [11, 12];
    server.use(
      api.get("/af/courses/:id", adminCourse, () => course(order)),
      api.put("/af/courses/:id/levels/order", messageBody, ({ json }) => {
        order = (json as { ids: number[] }).ids;
        return { message: "The order has been saved" };
      }),
    );
    const { user } = await renderPage(<Outline />, "/af/courses/7?tab=structure", {
      user: { role_id: Role.admin, permissions: ["isCourseManager"] },
    });
    const levels = () =>
      within(screen.getByRole("main"))
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent);
    expect(await screen.findByRole("heading", { level: 2, name: "First" })).toBeTruthy();

    screen.getByRole("button", { name: "Move First down" }).focus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(levels()).toEqual(["Second", "First"]));
    // The moved level is last: its "down" button is disabled, so the focus is on its "up" one.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move First up" })),
    );
    expect(screen.getByText("First moved to position 2 of 2")).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "PUT")).toEqual([
        { method: "PUT", path: "/api/af/courses/7/levels/order", body: { ids: [12, 11] } },
      ]),
    );
    // The outline is read again after the move (onSettled) and keeps the stored order.
    await waitFor(() => expect(requests.filter((r) => r.method === "GET")).toHaveLength(2));
    expect(levels()).toEqual(["Second", "First"]);
  });
});
