/** The thank-you page names a sponsorship as a gift to someone else, never as "unlocked for you". */
import { type CheckoutResult, library } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import { CheckoutSuccess } from "./CheckoutSuccess";

const result = (granted: CheckoutResult["granted"]) =>
  ({
    status: "succeeded",
    message: "Payment successful",
    order_id: 41,
    order_number: "A-000123",
    order_status: "paid",
    total: 25,
    transaction_id: null,
    next_action_url: null,
    client_secret: null,
    granted,
  }) as CheckoutResult;

describe("the thank-you page", () => {
  it("thanks for a sponsorship in a sentence, with no 'Unlocked for you'", async () => {
    await renderPage(
      <CheckoutSuccess
        result={result([{ type: "sponsorship", id: 3, name: "Sponsorship for ana" }])}
        guest
      />,
      "/checkout",
    );
    expect(await screen.findByRole("heading", { name: "Thank you for your sponsorship" })).toBeTruthy();
    expect(screen.getByText("The learner has been told and can use it straight away.")).toBeTruthy();
    expect(screen.queryByText("Unlocked for you")).toBeNull();
  });

  it("keeps what the buyer unlocked apart from what they gave, in Spanish", async () => {
    // A learner's page asks the library what is owned (for "Read now" links).
    server.use(api.get("/iu/library", library, { data: [], owned: [] }));
    await renderPage(
      <CheckoutSuccess
        result={result([
          { type: "course", id: 9, name: "Hello and goodbye" },
          { type: "sponsorship", id: 3, name: "Patrocinio para ana" },
        ])}
      />,
      "/iu/checkout",
      { user: {}, language: "es" },
    );
    expect(await screen.findByRole("heading", { name: "Desbloqueado para ti" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Gracias por tu patrocinio" })).toBeTruthy();
  });
});
