import { eventList } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import EventsPage from "./EventsPage";

// Events in the month the page opens on (the current one).
const month = new Date().toISOString().slice(0, 7);
const event = (id: number, scope: "national" | "global", en: string, es: string, day: string) => ({
  id,
  scope,
  country: scope === "national" ? "GB" : null,
  title: { en, es },
  description: { en: `${en}, all day.`, es: `${es}, todo el día.` },
  website_url: null,
  starts_at: `${month}-${day}T09:00:00.000Z`,
  ends_at: `${month}-${day}T17:00:00.000Z`,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});
const listed = () => screen.getByTestId("event-list").textContent;
const week = event(1, "global", "Open learning week", "Semana del aprendizaje abierto", "10");
const fair = event(2, "national", "UK careers fair", "Feria de empleo del Reino Unido", "20");

/** The learner's events of a range, national (their country) or global, as the server filters them. */
function serveEvents(events = [week, fair]) {
  server.use(
    api.get("/iu/events", eventList, ({ url }) => {
      const scope = url.searchParams.get("scope") ?? "all";
      return {
        data: events.filter((e) => scope === "all" || e.scope === scope),
        from: url.searchParams.get("from") ?? `${month}-01`,
        to: url.searchParams.get("to") ?? `${month}-28`,
        country: "GB",
      };
    }),
  );
}

describe("the events page", () => {
  it("lists the month's events and filters national or global ones", async () => {
    serveEvents();
    const { user } = await renderPage(<EventsPage />, "/iu/events", { user: {} });
    const list = await screen.findByTestId("event-list");
    expect(screen.getByTestId("month-calendar")).toBeTruthy();
    expect(list.textContent).toContain("Open learning week");
    expect(list.textContent).toContain("UK careers fair");

    const scope = screen.getByRole("group", { name: "Which events" });
    await user.click(within(scope).getByText("Global"));
    await waitFor(() => expect(listed()).not.toContain("UK careers fair"));
    expect(listed()).toContain("Open learning week");

    await user.click(within(scope).getByText("National"));
    await waitFor(() => expect(listed()).not.toContain("Open learning week"));
    expect(listed()).toContain("UK careers fair");
    expect(screen.getByText("National events of your country (GB).")).toBeTruthy();
  });

  it("says so in Spanish when the month has no events", async () => {
    serveEvents([]);
    await renderPage(<EventsPage />, "/iu/events", { user: {}, language: "es" });
    expect(await screen.findByText("No hay eventos este mes")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Qué eventos" })).toBeTruthy();
  });

  it("shows an error with a retry when the server fails", async () => {
    server.use(api.error("get", "/iu/events", 503, { message: "Service unavailable" }));
    const { user } = await renderPage(<EventsPage />, "/iu/events", { user: {} });
    expect(await screen.findByText("The events could not be loaded.")).toBeTruthy();
    serveEvents();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findByTestId("event-list")).textContent).toContain("Open learning week");
  });
});
