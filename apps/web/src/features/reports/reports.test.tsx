import { couponsReport, learningReport, salesReport } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import ReportPage from "./pages/ReportPage";

const range = { from: "2025-12-01", to: "2026-11-26" };
const path = "/af/reports/:area?";
const as = (permissions: string[]) => ({
  path,
  user: { role_id: 3 as const, permissions: permissions as never },
});

describe("the report pages", { timeout: 30_000 }, () => {
  it("shows an area's figures in tables with British months and the app's money, and only the caller's areas as tabs", async () => {
    server.use(
      api.get("/af/reports/learning", learningReport, {
        range,
        titles: [
          {
            course_id: 7,
            name: "Spanish for beginners",
            enrolled: 4,
            completed: 1,
            completion_rate: 25,
            exam_attempts: 2,
            exams_passed: 1,
            pass_rate: 50,
          },
        ],
        classes: [],
      }),
    );
    await renderPage(<ReportPage />, "/af/reports/learning", as(["isCourseManager"]));
    expect(await screen.findByRole("heading", { level: 1, name: "Learning report" })).toBeTruthy();
    const tabs = screen.getByRole("navigation", { name: "Report areas" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Learning"]);
    const titles = await screen.findByTestId("report-titles");
    expect(within(titles).getByRole("figure", { name: "Completion and pass rates by title" })).toBeTruthy();
    const row = within(titles).getByRole("row", { name: /Spanish for beginners/ });
    expect(within(row).getByText("25 %")).toBeTruthy();
    expect(within(row).getByText("50 %")).toBeTruthy();
    expect(within(screen.getByTestId("report-classes")).getByText("There are no classes yet.")).toBeTruthy();
  });

  it("asks for the period in the address and formats money with the app's formatter", async () => {
    server.use(
      api.get("/af/reports/sales", salesReport, {
        range: { from: "2026-01-01", to: "2026-01-31" },
        totals: [{ currency: "GBP", orders: 1, gross_pence: 2320, refunded_pence: 0, net_pence: 2320 }],
        months: [
          {
            month: "2026-01",
            currency: "GBP",
            orders: 1,
            gross_pence: 2320,
            refunded_pence: 0,
            net_pence: 2320,
          },
        ],
        titles: [],
        products: [],
      }),
    );
    await renderPage(<ReportPage />, "/af/reports/sales?from=2026-01-01&to=2026-01-31", {
      ...as(["isOrderManager"]),
      language: "es",
    });
    expect(await screen.findByText("Del 1 ene 2026 al 31 ene 2026")).toBeTruthy();
    const months = await screen.findByTestId("report-months");
    expect(within(months).getAllByText("23,20 £").length).toBeGreaterThan(0);
    expect(requests.some((r) => r.path.includes("/af/reports/sales?from=2026-01-01&to=2026-01-31"))).toBe(
      true,
    );
  });

  it("refuses a period that ends before it starts without asking the server", async () => {
    await renderPage(
      <ReportPage />,
      "/af/reports/sales?from=2026-05-01&to=2026-04-01",
      as(["isOrderManager"]),
    );
    expect(await screen.findByText("The end date must be on or after the start date")).toBeTruthy();
    expect(requests.some((r) => r.path.includes("/reports/sales"))).toBe(false);
  });

  it("sends an area the caller may not read to the first one they may", async () => {
    server.use(api.get("/af/reports/coupons", couponsReport, { range, coupons: [] }));
    const { router } = await renderPage(<ReportPage />, "/af/reports/sales", as(["isCouponManager"]));
    expect(await screen.findByRole("heading", { level: 1, name: "Coupon usage" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/af/reports");
    expect(await screen.findByText("No coupon was used in this period.")).toBeTruthy();
  });
});
