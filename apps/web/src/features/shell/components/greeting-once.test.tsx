import { advertPublicList, learningDashboard, learningWeek } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import LearnerDashboardPage from "../pages/LearnerDashboardPage";

describe("the learner's dashboard", () => {
  it("leaves the greeting to the top bar instead of saying it twice", async () => {
    server.use(
      api.get("/iu/dashboard/learning", learningDashboard, {
        continue: null,
        enrolled: [],
        recommendations: [],
      }),
      api.get("/adverts", advertPublicList, { data: [] }),
      api.get("/iu/learning/week", learningWeek, {
        weekly_minutes: null,
        week_start: "2026-11-23",
        today: "2026-11-26",
        days: [23, 24, 25, 26, 27, 28, 29].map((d) => ({ date: `2026-11-${d}`, minutes: 0 })),
        week_minutes: 0,
        goal_met: false,
        streak_weeks: 0,
      }),
    );
    await renderPage(<LearnerDashboardPage />, "/iu/dashboard", { user: { first_name: "Maximiliana" } });
    // The page waits for four translation namespaces (shell, catalog, goals, adverts): slow on a busy machine.
    expect((await screen.findByRole("heading", { level: 1 }, { timeout: 15_000 })).textContent).toBe(
      "Your learning",
    );
    expect(screen.queryByTestId("greeting")).toBeNull();
    expect(await screen.findByRole("heading", { name: "Weekly goal" })).toBeTruthy();
  });
});
