import {
  householdIncomeCategoryList,
  type SalaryScale,
  type SalaryScaleDeclaration,
  salaryScale,
  salaryScaleDeclarationList,
  salaryScaleList,
  salaryScaleReviewResult,
} from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import DeclarationsPage from "./pages/DeclarationsPage";
import SalaryScalesPage from "./pages/SalaryScalesPage";

const manager = { user: { role_id: 3 as const, permissions: ["isSalaryScaleManager" as const] } };
const india: SalaryScale = {
  id: 1,
  country: "IN",
  name: "India",
  discount_percentage: 50,
  effective_from: "2026-01-01",
  effective_until: "2026-12-31",
  active: true,
  in_effect: true,
  declarations_count: 2,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("the salary-scale pages", { timeout: 30_000 }, () => {
  it("lists countries with their percentage and British dates, and creates one with its effective dates", async () => {
    let scales = [india];
    server.use(
      api.get("/af/salary-scales", salaryScaleList, () => ({ data: scales })),
      api.post(
        "/af/salary-scales",
        salaryScale,
        ({ json }) => {
          const made = { ...india, ...(json as object), id: 2, declarations_count: 0 } as SalaryScale;
          scales = [...scales, made];
          return made;
        },
        201,
      ),
    );
    const { user } = await renderPage(<SalaryScalesPage />, "/af/salary-scales", manager);
    const row = (await screen.findAllByTestId("salary-scale-row"))[0]!;
    expect(within(row).getByText("50%")).toBeTruthy();
    expect(within(row).getByText("1 Jan 2026 – 31 Dec 2026")).toBeTruthy();
    expect(within(row).getByText("In effect")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "New country scale" }));
    const dialog = await screen.findByRole("dialog", { name: "New country scale" });
    await user.type(within(dialog).getByLabelText(/^Country/), "ke");
    await user.type(within(dialog).getByLabelText(/^Name/), "Kenya");
    await user.type(within(dialog).getByLabelText(/^Discount/), "95");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Maximum allowed number is 90")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);

    const percentage = within(dialog).getByLabelText(/^Discount/);
    await user.clear(percentage);
    await user.type(percentage, "40");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await expect
      .poll(() => requests.find((r) => r.method === "POST")?.body)
      .toMatchObject({
        country: "KE",
        name: "Kenya",
        discount_percentage: 40,
        // The first day starts as today; the last day is left open.
        effective_from: new Date().toISOString().slice(0, 10),
        effective_until: null,
      });
    await expect.poll(() => screen.getAllByTestId("salary-scale-row").length).toBe(2);
  });

  it("lists declarations to review and rejects one with a reason", async () => {
    const declaration: SalaryScaleDeclaration = {
      user: { id: 5, username: "ana", name: "Ana López", email: "ana@example.com" },
      country: "IN",
      scale: { id: 1, name: "India", discount_percentage: 50, in_effect: true },
      household_income_category: { id: 3, name: "Under £10,000", qualifies: true, active: true },
      statement_true: true,
      declared_at: "2026-11-20T10:00:00.000Z",
      review_status: "declared",
      review_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      discount_percentage: 50,
    };
    server.use(
      api.get("/af/salary-scale-declarations", salaryScaleDeclarationList, {
        data: [declaration],
        next_page_url: null,
        total: 1,
      }),
      api.get("/af/household-income-categories", householdIncomeCategoryList, { data: [] }),
      api.post("/af/users/:id/salary-scale/review", salaryScaleReviewResult, ({ json }) => ({
        message: "Declaration rejected: the learner no longer gets the discount",
        data: {
          ...declaration,
          review_status: "rejected" as const,
          review_reason: (json as { reason: string }).reason,
        },
      })),
    );
    const { user } = await renderPage(<DeclarationsPage />, "/af/salary-scales?tab=declarations", {
      path: "/af/salary-scales",
      ...manager,
      language: "es",
    });
    expect((await screen.findAllByText("India (IN)")).length).toBeGreaterThan(0);
    expect(requests[0]?.path).toContain("status=declared");
    await user.click(screen.getAllByRole("button", { name: "Rechazar la declaración de Ana López" })[0]!);
    const dialog = await screen.findByRole("dialog");
    const confirm = within(dialog).getByRole("button", { name: "Rechazar" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(within(dialog).getByLabelText(/Motivo/), "Los ingresos superan la categoría");
    await user.click(confirm);
    await expect
      .poll(() => requests.find((r) => r.method === "POST"))
      .toMatchObject({
        path: "/api/af/users/5/salary-scale/review",
        body: { decision: "reject", reason: "Los ingresos superan la categoría" },
      });
  });
});
