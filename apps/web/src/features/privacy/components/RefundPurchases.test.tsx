import { subjectRouteList, ticketPurchases } from "@aprendo/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import { RefundPurchases } from "./TicketSpecialistTools";

const manager = {
  role_id: 3 as const,
  permissions: ["isTicketRefundManager" as const, "isTicketContentManager" as const],
};

describe("the requester's purchases on a desk ticket", () => {
  it("are not asked for on a ticket whose subject is not routed to refunds (the API would answer 409 each time)", async () => {
    server.use(
      api.get("/af/tickets/subject-routes", subjectRouteList, {
        data: [{ subject_id: 6, routing: "refund" }],
      }),
      api.get("/af/tickets/:id/purchases", ticketPurchases, {
        data: [
          {
            id: 12,
            reference: "#12",
            status: "paid",
            total: 19.99,
            currency: "GBP",
            created_at: "2026-11-20T10:00:00Z",
            items: ["Algebra"],
          },
        ],
      }),
    );
    await renderPage(<RefundPurchases ticketId={3} subjectId={5} guest={false} />, "/af/tickets/me/3", {
      user: manager,
    });
    await waitFor(() => expect(requests.some((r) => r.path.endsWith("/subject-routes"))).toBe(true));
    expect(requests.filter((r) => r.path.includes("/purchases"))).toEqual([]);

    await renderPage(<RefundPurchases ticketId={4} subjectId={6} guest={false} />, "/af/tickets/me/4", {
      user: manager,
    });
    expect(await screen.findByText(/Algebra/)).toBeTruthy();
  });
});
