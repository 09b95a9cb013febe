/**
 * The desk's helpdesk tools: bulk actions with keyboard-ticked rows and a confirm,
 * the triage filters, and on a ticket the internal notes, the canned reply of the requester's
 * language, priority and tags, the assignment to a colleague, and the merge dialog.
 */
import {
  cannedReplyList,
  deskResponseTimes,
  type TicketDetail,
  ticketAssigneeList,
  ticketBulkResult,
  ticketDetailEnvelope,
  ticketList,
  ticketNoteEnvelope,
  ticketNoteList,
  ticketSubjectsPublicList,
  ticketTagList,
} from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import DeskTicketPage from "./DeskTicketPage";
import DeskTicketsPage from "./DeskTicketsPage";

const desk = { role_id: 3 as const, permissions: ["isTicketContentManager" as const] };

function ticket(id: number, overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    id,
    reference: `TCK-${String(id).padStart(6, "0")}`,
    subject: { id: 0, title: { en: "Other", es: "Otro" } },
    status: "unclaimed",
    excerpt: "The video stops after ten seconds.",
    language: "en",
    requester: { kind: "learner", id: 7, name: "Lucía Pérez", email: "lucia@example.com" },
    claimed_by: null,
    course_id: null,
    lecture_id: null,
    video_time: null,
    messages_count: 0,
    created_at: "2026-11-25T09:00:00Z",
    updated_at: "2026-11-25T09:00:00Z",
    last_activity_at: "2026-11-25T09:00:00Z",
    resolved_at: null,
    merged_into: null,
    desk: {
      priority: "normal",
      language: "es",
      tags: [],
      first_response_at: null,
      first_response_seconds: null,
      resolution_seconds: null,
    },
    description: "The video stops after ten seconds, every time, on every browser I tried.",
    attachments: [],
    messages: [],
    abilities: { reply: true, resolve: true, reopen: false, claim: true, hand_over: true },
    ...overrides,
  };
}

function deskList() {
  server.use(
    api.get("/af/tickets", ticketList, {
      data: [
        ticket(41, {
          desk: {
            priority: "urgent",
            language: "en",
            tags: ["billing"],
            first_response_at: "2026-11-25T09:42:00Z",
            first_response_seconds: 42 * 60,
            resolution_seconds: null,
          },
        }),
        ticket(42),
        ticket(43),
      ],
      next_page_url: null,
      total: 3,
      counts: { all: 3, unclaimed: 3, in_progress: 0, resolved: 0 },
    }),
    api.get("/tickets/subjects", ticketSubjectsPublicList, { data: [] }),
    api.get("/af/tickets/tags", ticketTagList, { data: [{ tag: "billing", tickets: 1 }] }),
    api.get("/af/tickets/response-times", deskResponseTimes, {
      data: {
        tickets: 3,
        responded: 1,
        resolved: 0,
        first_response_avg_seconds: 3 * 3600 + 5 * 60,
        resolution_avg_seconds: null,
      },
    }),
  );
}

describe("the ticket desk's list", () => {
  it("shows priority, tags and response times, and filters by them", async () => {
    deskList();
    const { user } = await renderPage(<DeskTicketsPage />, "/af/tickets", { user: desk });
    const table = await screen.findByTestId("desk-table", {}, { timeout: 15_000 });
    expect(within(table).getByText("Urgent")).toBeTruthy();
    expect(within(table).getByText("billing")).toBeTruthy();
    expect(within(table).getByText("42 min")).toBeTruthy();
    // The averages and the tags in use are requests of their own, which may answer after the list.
    expect((await screen.findByTestId("avg-first-response")).textContent).toBe("3 h 5 min");
    expect(screen.getByTestId("avg-resolution").textContent).toBe("No data yet");

    await user.selectOptions(screen.getByTestId("filter-assignee"), "me");
    const tags = screen.getByTestId("filter-tag");
    await within(tags).findByRole("option", { name: "billing (1)" });
    await user.selectOptions(tags, "billing");
    await waitFor(() =>
      expect(requests.some((r) => r.path.includes("assignee=me") && r.path.includes("tag=billing"))).toBe(
        true,
      ),
    );
  });

  it("claims or resolves the ticked tickets after a confirm, ticked from the keyboard", async () => {
    deskList();
    server.use(
      api.post("/af/tickets/bulk", ticketBulkResult, ({ json }) => {
        const body = json as { ids: number[] };
        return {
          message: `1 of ${body.ids.length} tickets done`,
          data: {
            done: [41],
            failed: [
              {
                id: 43,
                reference: "TCK-000043",
                message: "Another administrator has already claimed this ticket",
              },
            ],
          },
        };
      }),
    );
    const { user } = await renderPage(<DeskTicketsPage />, "/af/tickets", { user: desk });
    const first = await screen.findByRole("checkbox", { name: "Select TCK-000041" });
    first.focus();
    await user.keyboard(" ");
    await user.tab();
    await user.click(screen.getByRole("checkbox", { name: "Select TCK-000043" }));
    expect(screen.getByTestId("bulk-bar").textContent).toContain("2 tickets selected");

    await user.click(screen.getByTestId("bulk-resolve"));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Resolve 2 tickets?")).toBeTruthy();
    expect(requests.filter((r) => r.path === "/api/af/tickets/bulk")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/af/tickets/bulk")?.body).toEqual({
        action: "resolve",
        ids: [41, 43],
      }),
    );
    expect((await screen.findByTestId("bulk-failed")).textContent).toContain(
      "TCK-000043: Another administrator has already claimed this ticket",
    );
  });
});

describe("a ticket at the desk", () => {
  function oneTicket(detail: TicketDetail) {
    server.use(
      // Before /af/tickets/:id, which would match it too (the API routes the literal path first).
      api.get("/af/tickets/canned-replies", cannedReplyList, {
        data: [
          {
            id: 1,
            language: "en",
            title: "Cache",
            body: "Please clear your cache.",
            updated_at: "2026-11-20T10:00:00Z",
          },
          {
            id: 2,
            language: "es",
            title: "Caché",
            body: "Borra la caché, por favor.",
            updated_at: "2026-11-20T10:00:00Z",
          },
        ],
      }),
      api.get("/af/tickets/:id", ticketDetailEnvelope, { data: detail }),
      api.get("/af/tickets/:id/notes", ticketNoteList, {
        data: [
          {
            id: 1,
            body: "Refunded once already in October.",
            author: { id: 3, name: "Marta Ruiz" },
            created_at: "2026-11-25T10:00:00Z",
          },
        ],
      }),
    );
  }

  it("keeps internal notes apart from the thread and adds one", async () => {
    oneTicket(ticket(42));
    server.use(
      api.post("/af/tickets/:id/notes", ticketNoteEnvelope, ({ json }) => ({
        message: "The internal note has been added",
        data: {
          id: 2,
          body: (json as { body: string }).body,
          author: { id: 9, name: "Ana" },
          created_at: "2026-11-25T11:00:00Z",
        },
      })),
    );
    const { user } = await renderPage(<DeskTicketPage />, "/af/tickets/42", {
      path: "/af/tickets/:id",
      user: desk,
    });
    const notes = await screen.findByTestId("notes-panel");
    expect(
      within(notes).getByText("Only administrators see these notes; the requester never does."),
    ).toBeTruthy();
    expect(await within(notes).findByText("Refunded once already in October.")).toBeTruthy();
    await user.click(within(notes).getByRole("button", { name: "Add note" }));
    expect(within(notes).getByText("Write the note first")).toBeTruthy();
    await user.type(within(notes).getByLabelText(/New internal note/), "Call her tomorrow");
    await user.click(within(notes).getByRole("button", { name: "Add note" }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === "POST" && r.path === "/api/af/tickets/42/notes")?.body,
      ).toEqual({
        body: "Call her tomorrow",
      }),
    );
  });

  it("offers the canned replies of the requester's language and inserts one into the reply", async () => {
    oneTicket(ticket(42));
    const { user } = await renderPage(<DeskTicketPage />, "/af/tickets/42", {
      path: "/af/tickets/:id",
      user: desk,
    });
    const language = (await screen.findByTestId("canned-language")) as HTMLSelectElement;
    expect(language.value).toBe("es");
    const insert = screen.getByTestId("canned-insert");
    await waitFor(() => expect(within(insert).getByRole("option", { name: "Caché" })).toBeTruthy());
    expect(within(insert).queryByRole("option", { name: "Cache" })).toBeNull();
    await user.selectOptions(insert, "2");
    expect((screen.getByLabelText(/^Your reply/) as HTMLTextAreaElement).value).toBe(
      "Borra la caché, por favor.",
    );
  });

  it("saves a priority and a tag typed with Enter in one call", async () => {
    oneTicket(ticket(42));
    server.use(
      api.put("/af/tickets/:id/triage", ticketDetailEnvelope, ({ json }) => {
        const body = json as { priority: "urgent"; tags: string[] };
        const saved = ticket(42);
        return {
          message: "Priority and tags have been saved",
          data: { ...saved, desk: { ...saved.desk!, priority: body.priority, tags: body.tags } },
        };
      }),
    );
    const { user } = await renderPage(<DeskTicketPage />, "/af/tickets/42", {
      path: "/af/tickets/:id",
      user: desk,
    });
    await user.selectOptions(await screen.findByTestId("triage-priority"), "urgent");
    await user.type(screen.getByTestId("triage-tag-input"), "Certificates{Enter}");
    await user.click(screen.getByTestId("triage-save"));
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/af/tickets/42/triage")?.body).toEqual({
        priority: "urgent",
        tags: ["certificates"],
      }),
    );
  });

  it("assigns the ticket to a colleague chosen in a dialog, and asks for one first", async () => {
    oneTicket(ticket(42));
    server.use(
      api.get("/af/tickets/assignees", ticketAssigneeList, {
        data: [{ id: 5, username: "admin", name: "Alex Admin" }],
      }),
      api.put("/af/tickets/:id/hand-over", ticketDetailEnvelope, {
        message: "The ticket has been assigned to Alex Admin",
        data: ticket(42),
      }),
    );
    const { user } = await renderPage(<DeskTicketPage />, "/af/tickets/42", {
      path: "/af/tickets/:id",
      user: desk,
    });
    await user.click(await screen.findByRole("button", { name: "Assign to a colleague" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign the ticket to a colleague" });
    await user.click(within(dialog).getByRole("button", { name: "Assign" }));
    expect(within(dialog).getByText("Choose who takes over the ticket")).toBeTruthy();
    const choice = within(dialog).getByLabelText(/^Administrator/);
    await waitFor(() =>
      expect(within(choice).getByRole("option", { name: "Alex Admin (@admin)" })).toBeTruthy(),
    );
    await user.selectOptions(choice, "5");
    await user.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/af/tickets/42/hand-over")?.body).toEqual({ admin_id: 5 }),
    );
  });

  it("merges into the ticket typed as TCK-000040 and shows the API's refusal under the field", async () => {
    oneTicket(ticket(42));
    server.use(
      api.error("put", "/af/tickets/:id/merge", 422, {
        message: "The given data was invalid.",
        errors: { into_id: ["Only tickets of the same requester can be merged"] },
      }),
    );
    const { user } = await renderPage(<DeskTicketPage />, "/af/tickets/42", {
      path: "/af/tickets/:id",
      user: desk,
    });
    await user.click(await screen.findByTestId("merge-ticket"));
    await user.type(screen.getByTestId("merge-into"), "TCK-000040");
    await user.click(screen.getByTestId("merge-submit"));
    expect(await screen.findByText("Only tickets of the same requester can be merged")).toBeTruthy();
    expect(requests.find((r) => r.path === "/api/af/tickets/42/merge")?.body).toEqual({ into_id: 40 });
  });

  it("says where a merged duplicate went", async () => {
    oneTicket(ticket(42, { status: "resolved", merged_into: { id: 40, reference: "TCK-000040" } }));
    await renderPage(<DeskTicketPage />, "/af/tickets/42", {
      path: "/af/tickets/:id",
      user: desk,
      language: "es",
    });
    expect(await screen.findByText("Este ticket se unió a TCK-000040.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Abrir TCK-000040" }).getAttribute("href")).toBe(
      "/af/tickets/40",
    );
  });
});
