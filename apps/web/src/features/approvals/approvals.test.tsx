import { messageBody, pendingReviewList } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import ApprovalsPage from "./pages/ApprovalsPage";

const at = "/af/pending-approval-requests";
const reviewer = { user: { role_id: 3 as const, permissions: ["isUserManager" as const] } };
const waiting = { status: "processing" as const, failure_reason: null, uploaded: true };
const queue = {
  data: [
    {
      user_id: 21,
      username: "lucia",
      name: "Lucía Pérez",
      email: "lucia@example.com",
      photo: waiting,
      identity: waiting,
      updated_at: "2026-11-25T19:40:00.000Z",
    },
  ],
  total: 1,
};

let documents: string[] = [];
beforeEach(() => {
  documents = [];
  // jsdom has no blob URLs; the pane only hands the URL to <img> or <iframe>.
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:review", revokeObjectURL: () => {} }),
  );
  server.use(
    api.get("/af/pending-approval-requests", pendingReviewList, queue),
    http.get("*/api/af/pending-approval-requests/:id/:kind", ({ params }) => {
      documents.push(`${params.id}/${params.kind}`);
      return params.kind === "photo"
        ? new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { "content-type": "image/jpeg" } })
        : new HttpResponse("%PDF-1.4", { headers: { "content-type": "application/pdf" } });
    }),
    api.post("/af/pending-approval-requests/:id/:kind", messageBody, { message: "Review saved" }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the approvals review pane", () => {
  it("lists the shortcuts, shows the first document inline and approves it with A once it is shown", async () => {
    const { user } = await renderPage(<ApprovalsPage />, at, reviewer);
    const keys = await screen.findByRole("region", { name: "Keyboard" });
    expect(keys.textContent).toBe("KeyboardJnextKpreviousAapproveRreject");
    const pane = await screen.findByRole("region", { name: "Photo of Lucía Pérez" });
    expect(screen.getByText("Uploaded 25 Nov 2026, 19:40")).toBeTruthy();
    const image = await within(pane).findByRole("img", { name: "Photo of Lucía Pérez" });
    expect(image.getAttribute("src")).toBe("blob:review");
    expect(documents).toEqual(["21/photo"]);
    expect(
      within(pane)
        .getByRole("button", { name: /Approve/ })
        .hasAttribute("disabled"),
    ).toBe(false);
    await user.keyboard("a");
    await expect
      .poll(() => requests.find((r) => r.method === "POST"))
      .toMatchObject({ path: `/api${at}/21/photo`, body: { decision: "approve" } });
  });

  it("moves with J and K, and rejects with R and a reason (never approving by typing it)", async () => {
    const { user } = await renderPage(<ApprovalsPage />, at, { ...reviewer, language: "es" });
    await screen.findByRole("region", { name: "Foto de Lucía Pérez" });
    await user.keyboard("j");
    const pane = await screen.findByRole("region", { name: "Documento de identidad de Lucía Pérez" });
    expect(await within(pane).findByTitle("Documento de identidad de Lucía Pérez")).toBeTruthy();
    await user.keyboard("k");
    await screen.findByRole("region", { name: "Foto de Lucía Pérez" });
    await user.keyboard("j");
    await screen.findByRole("region", { name: "Documento de identidad de Lucía Pérez" });
    await user.keyboard("r");
    const reason = await screen.findByLabelText(/Motivo del rechazo/);
    expect(document.activeElement).toBe(reason);
    await user.type(reason, "Falta la parte de atrás, a y r");
    await user.click(screen.getByRole("button", { name: /Rechazar con este motivo/ }));
    await expect
      .poll(() => requests.filter((r) => r.method === "POST"))
      .toEqual([
        expect.objectContaining({
          path: `/api${at}/21/identity`,
          body: { decision: "reject", reason: "Falta la parte de atrás, a y r" },
        }),
      ]);
  });

  it("keeps Approve disabled while the document cannot be shown", async () => {
    server.use(
      http.get("*/api/af/pending-approval-requests/:id/:kind", () =>
        HttpResponse.json({ message: "Document not found" }, { status: 404 }),
      ),
    );
    const { user } = await renderPage(<ApprovalsPage />, at, reviewer);
    const pane = await screen.findByRole("region", { name: "Photo of Lucía Pérez" });
    await within(pane).findByText("The document could not be opened.");
    expect(
      within(pane)
        .getByRole("button", { name: /Approve/ })
        .hasAttribute("disabled"),
    ).toBe(true);
    expect(within(pane).getByText("The document must be shown before you can approve it.")).toBeTruthy();
    await user.keyboard("a");
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });
});
