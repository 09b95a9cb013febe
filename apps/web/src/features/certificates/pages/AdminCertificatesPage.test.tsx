/** /af/certificates filters by status (suspended too), suspends with a reason, reinstates and revokes. */
import { type adminCertificateItem, adminCertificateList, messageBody } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import AdminCertificatesPage from "./AdminCertificatesPage";

const issued = (): z.input<typeof adminCertificateItem> => ({
  id: 4,
  kind: "title",
  item: "Spanish for beginners",
  course_id: 2,
  code: "ABCDEFGHJKLMNPQR",
  issued_at: "2026-03-05T10:00:00.000Z",
  revoked_at: null,
  suspended_at: null,
  verify_url: "https://aprendo.example/certificates/verify/ABCDEFGHJKLMNPQR",
  user_id: 9,
  username: "bea",
  learner_name: "Bea Ruiz",
  revoke_reason: null,
});

/** The server's side of one certificate: each action changes what the next list shows. */
function backOffice() {
  let certificate = issued();
  return [
    api.get("/af/certificates", adminCertificateList, () => ({
      data: [certificate],
      total: 1,
      next_page_url: null,
    })),
    api.post("/af/certificates/:id/suspend", messageBody, () => {
      certificate = { ...certificate, suspended_at: "2026-04-01T09:00:00.000Z" };
      return { message: "The certificate has been suspended" };
    }),
    api.post("/af/certificates/:id/reinstate", messageBody, () => {
      certificate = { ...certificate, suspended_at: null };
      return { message: "The certificate has been reinstated" };
    }),
    api.post("/af/certificates/:id/revoke", messageBody, ({ json }) => {
      const reason = (json as { reason: string }).reason;
      certificate = { ...certificate, revoked_at: "2026-04-02T09:00:00.000Z", revoke_reason: reason };
      return { message: "The certificate has been revoked" };
    }),
  ];
}

const row = () => screen.getByRole("row", { name: /Bea Ruiz/ });

describe("the back office's certificates", () => {
  it("offers a suspended filter and sends it to the server", async () => {
    server.use(...backOffice());
    const { user } = await renderPage(<AdminCertificatesPage />, "/af/certificates", {
      user: { role_id: 3 },
    });
    await screen.findByText("Bea Ruiz");
    const status = screen.getByLabelText("Status");
    expect(
      within(status)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "Valid", "Suspended", "Revoked"]);
    await user.selectOptions(status, "suspended");
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.path.startsWith("/api/af/certificates?") && r.path.includes("status=suspended"),
        ),
      ).toBe(true),
    );
  });

  it("suspends with a reason, reinstates, then revokes for good", async () => {
    server.use(...backOffice());
    const { user } = await renderPage(<AdminCertificatesPage />, "/af/certificates", {
      user: { role_id: 3 },
    });
    await screen.findByText("Bea Ruiz");
    expect(within(row()).getByText("Valid")).toBeTruthy();

    await user.click(within(row()).getByRole("button", { name: "Suspend" }));
    const suspendDialog = await screen.findByRole("dialog", { name: "Suspend this certificate?" });
    const confirmSuspend = within(suspendDialog).getByRole("button", { name: "Suspend" });
    // A reason is required.
    expect(confirmSuspend.hasAttribute("disabled")).toBe(true);
    await user.type(within(suspendDialog).getByLabelText(/Reason/), "Under review");
    await user.click(confirmSuspend);
    expect(await screen.findByText("The certificate has been suspended")).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith("/4/suspend"))?.body).toEqual({ reason: "Under review" });
    await waitFor(() => expect(within(row()).getByText("Suspended")).toBeTruthy());
    expect(within(row()).queryByRole("button", { name: "Suspend" })).toBeNull();

    await user.click(within(row()).getByRole("button", { name: "Reinstate" }));
    expect(await screen.findByText("The certificate has been reinstated")).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText("Valid")).toBeTruthy());

    await user.click(within(row()).getByRole("button", { name: "Revoke" }));
    const revokeDialog = await screen.findByRole("dialog", { name: "Revoke this certificate?" });
    await user.type(within(revokeDialog).getByLabelText(/Reason/), "Issued by mistake");
    await user.click(within(revokeDialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("The certificate has been revoked")).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith("/4/revoke"))?.body).toEqual({ reason: "Issued by mistake" });
    // Revoked is final: no action but the PDF is left.
    await waitFor(() => expect(within(row()).getByText("Revoked")).toBeTruthy());
    expect(within(row()).queryByRole("button", { name: /Suspend|Reinstate|Revoke/ })).toBeNull();
    expect(within(row()).getByRole("button", { name: "PDF" })).toBeTruthy();
  });
});
