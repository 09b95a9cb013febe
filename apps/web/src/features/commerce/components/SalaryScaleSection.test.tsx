import { messageBody, mySalaryScale } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import { SalaryScaleSection } from "./SalaryScaleSection";

const category = (id: number, en: string, es: string, qualifies: boolean) => ({
  id,
  name: en,
  name_en: en,
  name_es: es,
  position: id,
  qualifies,
  active: true,
});
const choices = {
  countries: [
    { country: "IN", name: "India" },
    { country: "GB", name: "United Kingdom" },
  ],
  household_income_categories: [
    category(1, "Under £10,000 a year", "Menos de 10.000 £ al año", true),
    category(2, "Over £10,000 a year", "Más de 10.000 £ al año", false),
  ],
};

/** The learner's application as the server keeps it: none, until one is sent. */
function serveSalaryScale() {
  let state: z.input<typeof mySalaryScale> = {
    application: null,
    discounted_country_range: null,
    ...choices,
  };
  server.use(
    api.get("/iu/salary-scale", mySalaryScale, () => state),
    api.post("/iu/salary-scale", mySalaryScale.extend({ message: messageBody.shape.message }), ({ json }) => {
      const sent = json as { country: string; household_income_category_id: number };
      state = {
        ...choices,
        application: {
          ...sent,
          declared_at: "2026-11-25T10:00:00.000Z",
          review_status: "declared" as const,
          review_reason: null,
        },
        discounted_country_range: { discount_percentage: 60 },
      };
      return { message: "Your application has been saved", ...state };
    }),
  );
}

describe("the salary-scale application", () => {
  it("needs the declaration, then shows the discount the server grants", async () => {
    serveSalaryScale();
    const { user } = await renderPage(<SalaryScaleSection />, "/iu/profile/payment", { user: {} });
    const section = await screen.findByTestId("salary-scale");
    const country = await within(section).findByLabelText(/^Country/);
    // The learner's own country: the browser may fill it (WCAG 1.3.5).
    expect(country.getAttribute("autocomplete")).toBe("country");
    await user.selectOptions(country, "India");
    await user.selectOptions(within(section).getByLabelText(/^Household income/), "Under £10,000 a year");
    await user.click(within(section).getByRole("button", { name: "Apply for the discount" }));
    expect(await within(section).findByText("This field is required")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    await user.click(within(section).getByLabelText(/I declare that the statement is true/));
    await user.click(within(section).getByRole("button", { name: "Apply for the discount" }));
    expect(await within(section).findByText("You get 60% off discounted items")).toBeTruthy();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      country: "IN",
      household_income_category_id: 1,
      declaration: true,
    });
    expect(await screen.findByText("Your application has been saved")).toBeTruthy();
  });

  it("says what is missing in Spanish", async () => {
    serveSalaryScale();
    const { user } = await renderPage(<SalaryScaleSection />, "/iu/profile/payment", {
      user: {},
      language: "es",
    });
    const section = await screen.findByTestId("salary-scale");
    await user.click(await within(section).findByRole("button", { name: "Solicitar el descuento" }));
    expect(await within(section).findAllByText("Este campo es obligatorio")).toHaveLength(3);
  });
});
