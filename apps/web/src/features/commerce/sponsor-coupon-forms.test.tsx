import { type Coupon, coupon, courseList, sponsorshipDraft } from "@aprendo/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildCourseCard } from "../../test/factories";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import { SponsorForm } from "./components/SponsorForm";
import CouponFormPage from "./pages/CouponFormPage";

const manager = { user: { role_id: 3 as const, permissions: ["isOrderManager" as const] } };
const saved = (values: Partial<Coupon>): Coupon => ({
  id: 4,
  code: "SPRING",
  discount_type: "percentage",
  value: 10,
  valid_from: null,
  valid_to: null,
  max_uses: null,
  uses: 0,
  per_user_limit: null,
  item_types: [],
  active: true,
  created_at: "2026-11-20T10:00:00.000Z",
  ...values,
});

describe("the discount type and sponsorship kind radios", { timeout: 30_000 }, () => {
  it("creates a flat coupon: the type's radio swaps the value field, and the foot says Create coupon", async () => {
    server.use(
      api.post(
        "/af/coupons",
        coupon,
        // The server keeps codes in capitals.
        ({ json }) => saved({ ...(json as Partial<Coupon>), code: (json as Coupon).code.toUpperCase() }),
        201,
      ),
    );
    const { user } = await renderPage(<CouponFormPage />, "/af/coupons/create", manager);
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    await user.type(await screen.findByLabelText(/^Code/, undefined, { timeout: 15_000 }), "spring");
    expect(screen.getByLabelText(/^Percentage off/)).toBeTruthy();
    expect(screen.getByRole("group", { name: "Type" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Percentage" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Flat amount (£)" }));
    expect(screen.queryByLabelText(/^Percentage off/)).toBeNull();
    await user.type(screen.getByLabelText(/^Amount off/), "4.50");
    await user.click(screen.getByRole("button", { name: "Create coupon" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/af/coupons"));
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({
      code: "spring",
      discount_type: "flat",
      value: 4.5,
    });
    expect(await screen.findByText("Coupon SPRING created")).toBeTruthy();
  });

  it("edits a coupon with Save, and Cancel goes back to the list without saving", async () => {
    server.use(api.get("/af/coupons/:id", coupon, saved({ discount_type: "flat", value: 5 })));
    const { user } = await renderPage(<CouponFormPage />, "/af/coupons/4", {
      ...manager,
      path: "/af/coupons/:id",
      language: "es",
    });
    const amount = (await screen.findByLabelText(/^Importe de descuento/, undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    expect(amount.value).toBe("5.00");
    expect((screen.getByRole("radio", { name: /^Importe fijo/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Guardar" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/af/coupons"));
    expect(requests.some((r) => r.method === "PUT")).toBe(false);
  });

  it("sponsors a title: the kind's radio swaps the amount for the list of paid titles", async () => {
    const onDraft = vi.fn();
    server.use(
      api.get("/iu/courses", courseList, {
        data: [
          buildCourseCard({ id: 3, title: "Algebra", price_pence: 1999 }),
          buildCourseCard({ id: 5, title: "Free intro", price_pence: 0, is_free: true }),
        ],
        next_page_url: null,
        total: 2,
      }),
      api.post("/iu/sponsorships", sponsorshipDraft, {
        id: 8,
        cart_item: { type: "sponsorship", id: 8, price: 19.99, name: "Algebra for lucia" },
        recipient: { username: "lucia" },
      }),
    );
    const { user } = await renderPage(
      <SponsorForm submitLabel="Add to cart" onDraft={onDraft} />,
      "/iu/sponsor",
      {
        user: {},
      },
    );
    await user.type(
      await screen.findByLabelText(/^Learner's email or username/, undefined, { timeout: 15_000 }),
      "lucia",
    );
    expect(screen.getByLabelText(/^Amount/)).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "A title" }));
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    const title = screen.getByLabelText(/^Title/) as HTMLSelectElement;
    await waitFor(() => expect(title.options.length).toBe(2));
    expect(title.options[1]!.textContent).toBe("Algebra · £19.99");
    await user.selectOptions(title, "3");
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(() => expect(onDraft).toHaveBeenCalled());
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      recipient: "lucia",
      kind: "course",
      course_id: 3,
    });
  });
});
