import { subjectRouteList, ticketSubjectList } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import TicketSubjectsPage from "./TicketSubjectsPage";

const subject = (id: number, en: string, tickets: number) => ({
  id,
  title: { en, es: en },
  active: true,
  position: id,
  tickets_count: tickets,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-20T10:00:00Z",
});

describe("the ticket subjects page", () => {
  it("does not offer Delete for a subject tickets use, and says why (the API would answer 409)", async () => {
    server.use(
      api.get("/af/tickets/subjects", ticketSubjectList, {
        data: [subject(1, "Payments", 2), subject(2, "Unused", 0)],
      }),
      api.get("/af/tickets/subject-routes", subjectRouteList, { data: [] }),
    );
    const { user } = await renderPage(<TicketSubjectsPage />, "/af/tickets/subjects", {
      user: { role_id: 3, permissions: ["isTicketSubjectManager"] },
    });
    const used = await screen.findByRole("button", { name: "Delete Payments" });
    expect(used.getAttribute("aria-disabled")).toBe("true");
    expect(used.getAttribute("aria-describedby")).toBeTruthy();
    await user.click(used);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(
      screen.getAllByText("2 tickets use this subject, so it cannot be deleted. Deactivate it instead.")
        .length,
    ).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Unused" }));
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
  });
});
