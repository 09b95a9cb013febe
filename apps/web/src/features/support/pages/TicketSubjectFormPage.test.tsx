import { ticketSubjectEnvelope } from "@aprendo/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import TicketSubjectFormPage from "./TicketSubjectFormPage";

const manager = { user: { role_id: 3 as const, permissions: ["isTicketSubjectManager" as const] } };
const payments = {
  id: 4,
  title: { en: "Payments", es: "Pagos" },
  active: true,
  position: 2,
  tickets_count: 0,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-20T10:00:00Z",
};

describe("the ticket subject form", { timeout: 30_000 }, () => {
  it("loads the subject, saves it with the server's message and goes back to the list", async () => {
    server.use(
      api.get("/af/tickets/subjects/:id", ticketSubjectEnvelope, { data: payments }),
      api.put("/af/tickets/subjects/:id", ticketSubjectEnvelope, ({ json }) => ({
        message: "Subject saved",
        data: { ...payments, ...(json as object) },
      })),
    );
    const { user } = await renderPage(<TicketSubjectFormPage />, "/af/tickets/subjects/4", {
      ...manager,
      path: "/af/tickets/subjects/:id",
    });
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const english = (await screen.findByLabelText(/^Subject \(English\)/, undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    await waitFor(() => expect(english.value).toBe("Payments"));
    await user.clear(english);
    await user.type(english, "Payments and refunds");
    await user.click(screen.getByRole("checkbox", { name: /^Active/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/af/tickets/subjects"));
    expect(requests.find((r) => r.method === "PUT")).toMatchObject({
      path: "/api/af/tickets/subjects/4",
      body: { title: { en: "Payments and refunds", es: "Pagos" }, position: 2, active: false },
    });
    expect(await screen.findByText("Subject saved")).toBeTruthy();
  });

  it("says a subject that does not exist was not found", async () => {
    server.use(api.error("get", "/af/tickets/subjects/:id", 404, { message: "Not found" }));
    await renderPage(<TicketSubjectFormPage />, "/af/tickets/subjects/99", {
      ...manager,
      path: "/af/tickets/subjects/:id",
    });
    expect(await screen.findByText("Ticket subject not found", undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it("goes back to the list unsaved on Cancel", async () => {
    const { user } = await renderPage(<TicketSubjectFormPage />, "/af/tickets/subjects/create", manager);
    await user.click(await screen.findByRole("button", { name: "Cancel" }, { timeout: 15_000 }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/af/tickets/subjects"));
    expect(requests.some((r) => r.method === "POST")).toBe(false);
  });
});
