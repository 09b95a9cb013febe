import { transactionList } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import TransactionsPage from "./TransactionsPage";

const payment = (id: number) => ({
  id,
  order_id: id,
  order_number: `A-00000${id}`,
  user: { id: 5, username: "lucia" },
  email: null,
  provider: "stripe",
  transaction_id: `pi_${id}`,
  amount: 25.47,
  refunded: 0,
  currency: "GBP",
  status: "succeeded" as const,
  payment_types: ["course" as const],
  card: "Visa •••• 4242",
  created_at: "2026-11-20T10:00:00Z",
});

describe("a commerce back-office list", () => {
  it("filters by status, sorts by a header and pages, each kept in the address and sent to the API", async () => {
    server.use(
      api.get("/af/transactions", transactionList, { data: [payment(1)], next_page_url: null, total: 45 }),
    );
    const { user } = await renderPage(<TransactionsPage />, "/af/transactions", {
      user: { role_id: 3, permissions: ["isOrderManager"] },
    });
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const table = await screen.findByRole("table", { name: "Transactions" }, { timeout: 15_000 });
    expect(within(table).getByText("pi_1")).toBeTruthy();
    const sent = () => requests.filter((r) => r.path.startsWith("/api/af/transactions")).at(-1)!.path;

    await user.selectOptions(screen.getByLabelText("Status"), "failed");
    await waitFor(() => expect(sent()).toContain("status=failed"));
    await user.click(within(table).getByRole("button", { name: /^Amount/ }));
    await waitFor(() => expect(sent()).toContain("sort=amount"));
    // 45 rows at the commerce page size: paging is drawn, and page 2 is asked for with the filters kept.
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(sent()).toMatch(/[?&]page=2(&|$)/));
    expect(sent()).toContain("status=failed");
    expect(sent()).not.toContain("search=");
  });
});
