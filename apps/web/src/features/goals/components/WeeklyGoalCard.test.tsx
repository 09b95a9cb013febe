/** The dashboard's weekly goal: choosing a goal, its bounds, the week's progress, streak and chart. */
import { type LearningWeek, learningGoalSaved, learningWeek } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import { WeeklyGoalCard } from "./WeeklyGoalCard";

const days = (minutes: number[]) =>
  minutes.map((m, i) => ({ date: `2026-11-${String(23 + i).padStart(2, "0")}`, minutes: m }));
const week = (over: Partial<LearningWeek> = {}): LearningWeek => ({
  weekly_minutes: null,
  week_start: "2026-11-23",
  today: "2026-11-26",
  days: days([0, 0, 0, 0, 0, 0, 0]),
  week_minutes: 0,
  goal_met: false,
  streak_weeks: 0,
  ...over,
});
const render = (language: "en" | "es" = "en") =>
  renderPage(<WeeklyGoalCard />, "/iu/dashboard", { user: {}, language });

describe("weekly goal widget", () => {
  it("sets a goal from a preset and then shows the week against it", async () => {
    server.use(
      api.get(
        "/iu/learning/week",
        learningWeek,
        week({ days: days([20, 0, 5, 0, 0, 0, 0]), week_minutes: 25 }),
      ),
      api.put("/iu/learning/goal", learningGoalSaved, ({ json }) => ({
        ...week({ days: days([20, 0, 5, 0, 0, 0, 0]), week_minutes: 25 }),
        weekly_minutes: (json as { weekly_minutes: number }).weekly_minutes,
        message: "goal.saved",
      })),
    );
    const { user } = await render();
    expect(await screen.findByText(/Set a goal of minutes a week/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "1 h" }));
    expect(screen.getByRole("button", { name: "1 h" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Save goal" }));

    expect(await screen.findByTestId("goal-progress")).toHaveProperty(
      "textContent",
      "25 min of 1 h this week",
    );
    expect(requests.find((r) => r.path === "/api/iu/learning/goal")?.body).toEqual({ weekly_minutes: 60 });
    expect(screen.getByText("35 min to go this week")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "This week's minutes against your goal" })).toBeTruthy();
    expect(await screen.findByText("Your weekly goal is saved")).toBeTruthy();

    // The chart's numbers, for screen readers: Monday to Sunday, today marked.
    const table = screen.getByRole("table", { name: "Minutes learned each day this week" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[0]!.textContent).toBe("Monday 23 November20");
    expect(rows[3]!.textContent).toBe("Thursday 26 November (today)0");
  });

  it("refuses a custom goal out of bounds before sending it, and shows the server's refusal", async () => {
    server.use(
      api.get("/iu/learning/week", learningWeek, week()),
      api.error("put", "/iu/learning/goal", 422, {
        errors: { weekly_minutes: ["validation.max?entry=entry.characters&max=2100"] },
      }),
    );
    const { user } = await render();
    const field = await screen.findByLabelText("Or minutes per week");
    await user.type(field, "5");
    await user.click(screen.getByRole("button", { name: "Save goal" }));
    expect(screen.getByText("Enter a whole number of minutes between 10 and 2,100")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(requests.some((r) => r.path === "/api/iu/learning/goal")).toBe(false);

    await user.clear(field);
    await user.type(field, "2000");
    await user.click(screen.getByRole("button", { name: "Save goal" }));
    expect(await screen.findByText(/2100/)).toBeTruthy();
  });

  it("shows the streak and a met goal, in Spanish", async () => {
    server.use(
      api.get(
        "/iu/learning/week",
        learningWeek,
        week({
          weekly_minutes: 90,
          week_minutes: 95,
          goal_met: true,
          streak_weeks: 3,
          days: days([60, 35, 0, 0, 0, 0, 0]),
        }),
      ),
    );
    await render("es");
    expect(await screen.findByText("Racha de 3 semanas")).toBeTruthy();
    expect(screen.getByTestId("goal-progress").textContent).toBe("1 h 35 min de 1 h 30 min esta semana");
    expect(screen.getByText("Objetivo cumplido esta semana. ¡Enhorabuena!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cambiar objetivo" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "60" })).toBeTruthy();
  });
});
