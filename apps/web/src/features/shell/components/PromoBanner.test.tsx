import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import { PromoBanner } from "./PromoBanner";

const entries = z.object({
  data: z.array(z.object({ id: z.number(), key: z.string(), status: z.number(), value: z.unknown() })),
});
const promo = {
  data: [
    {
      id: 1,
      key: "promo_bar",
      status: 1,
      value: {
        bannerFirstText: "Learn something new:",
        bannerSecondText: "20% off",
        bannerFirstTextEs: "Aprende algo nuevo:",
        bannerSecondTextEs: "un 20 % de descuento",
        bannerPlaceholder: "WEEK20",
      },
    },
  ],
};

describe("the promo banner", () => {
  it("speaks the reader's language", async () => {
    server.use(api.get("/iu/configurations", entries, promo));
    await renderPage(<PromoBanner />, "/iu/dashboard", { language: "es", user: { role_id: 1 } });
    expect(await screen.findByText("Aprende algo nuevo:")).toBeTruthy();
    expect(screen.getByText("un 20 % de descuento")).toBeTruthy();
  });

  it("is not shown to a child account", async () => {
    server.use(api.get("/iu/configurations", entries, promo));
    const tenYearsAgo = `${new Date().getFullYear() - 10}-01-15`;
    await renderPage(<PromoBanner />, "/iu/dashboard", {
      user: { role_id: 1, user_profile: { date_of_birth: tenYearsAgo } } as never,
    });
    await waitFor(() => expect(requests.some((r) => r.path.startsWith("/api/iu/configurations"))).toBe(true));
    expect(screen.queryByTestId("promo-banner")).toBeNull();
  });
});
