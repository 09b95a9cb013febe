import { advertPublicList, learningDashboard } from "@aprendo/contract";
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
    );
    await renderPage(<LearnerDashboardPage />, "/iu/dashboard", { user: { first_name: "Maximiliana" } });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your learning");
    expect(screen.queryByTestId("greeting")).toBeNull();
  });
});
