import { cannedReplyEnvelope, cannedReplyList, messageBody } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import CannedRepliesPage from "./CannedRepliesPage";

const reply = {
  id: 7,
  language: "en" as const,
  title: "Cache",
  body: "Please clear your cache.",
  updated_at: "2026-11-20T10:00:00Z",
};

describe("the canned replies page", () => {
  it("lists the replies under the desk's back link, edits one in a dialog and deletes one after a confirm", async () => {
    server.use(
      api.get("/af/tickets/canned-replies", cannedReplyList, { data: [reply] }),
      api.put("/af/tickets/canned-replies/:id", cannedReplyEnvelope, ({ json }) => ({
        message: "Canned reply saved",
        data: { ...reply, ...(json as object) },
      })),
      api.delete("/af/tickets/canned-replies/:id", messageBody, { message: "Canned reply deleted" }),
    );
    const { user } = await renderPage(<CannedRepliesPage />, "/af/tickets/canned-replies", {
      user: { role_id: 3, permissions: ["isTicketContentManager"] },
    });
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const table = await screen.findByRole("table", { name: "Canned replies" }, { timeout: 15_000 });
    expect(within(table).getByText("Please clear your cache.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ticket desk" }).getAttribute("href")).toBe("/af/tickets");

    await user.click(screen.getByRole("button", { name: "Edit Cache" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit canned reply" });
    const title = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe("Cache");
    await user.clear(title);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This field is required")).toBeTruthy();
    await user.type(title, "Clear the cache");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.find((r) => r.method === "PUT")).toMatchObject({
      path: "/api/af/tickets/canned-replies/7",
      body: { language: "en", title: "Clear the cache", body: "Please clear your cache." },
    });

    await user.click(screen.getByRole("button", { name: "Delete Cache" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this canned reply?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(requests.some((r) => r.method === "DELETE")).toBe(true));
  });
});
