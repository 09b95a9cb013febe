import { messageBody, outboxDelivery, outboxDeliveryList } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import OutboxPage from "./OutboxPage";

const failed = {
  id: 41,
  channel: "mail" as const,
  recipient: "ana@example.com",
  subject: "Verify your email",
  status: "failed" as const,
  attempts: 10,
  last_error: "SMTP 550: 5.1.1 No such user here",
  driver: null,
  created_at: "2026-11-20T09:15:00.000Z",
  last_attempt_at: "2026-11-20T16:40:00.000Z",
  delivered_at: null,
};
const sent = {
  ...failed,
  id: 40,
  channel: "sms" as const,
  recipient: "+447700900123",
  subject: "",
  status: "sent" as const,
  attempts: 2,
  last_error: null,
  driver: "twilio",
  delivered_at: "2026-11-20T09:16:00.000Z",
};
const page = { data: [failed, sent], total: 2, next_page_url: null, counts: { queued: 3, failed: 1 } };

describe("mail and SMS delivery page", () => {
  it("lists each message's status, attempts and failure, and sends a failed one again", async () => {
    server.use(
      api.get("/af/outbox", outboxDeliveryList, page),
      api.post("/af/outbox/:id/retry", messageBody.extend({ data: outboxDelivery }), {
        message: "The message is queued for another delivery attempt.",
        data: { ...failed, status: "queued", attempts: 0 },
      }),
    );
    const { user } = await renderPage(<OutboxPage />, "/af/outbox", {
      user: { role_id: 3, permissions: ["isConfigManager"] },
    });
    const table = await screen.findByTestId("outbox");
    expect(within(table).getByText("ana@example.com")).toBeTruthy();
    expect(within(table).getByText("SMTP 550: 5.1.1 No such user here")).toBeTruthy();
    expect(within(table).getByText(/Delivered 20 Nov 2026, \d\d:16 via Twilio/)).toBeTruthy();
    expect(screen.getByText("3 waiting")).toBeTruthy();
    expect(screen.getByText("1 failed")).toBeTruthy();

    await user.click(within(table).getByRole("button", { name: "Send again" }));
    expect(await screen.findByText("The message is queued for another delivery attempt.")).toBeTruthy();
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/af/outbox/41/retry")).toBe(true);
  });

  it("filters by status in the address, in Spanish", async () => {
    server.use(api.get("/af/outbox", outboxDeliveryList, { ...page, data: [], total: 0 }));
    await renderPage(<OutboxPage />, "/af/outbox?status=failed", {
      language: "es",
      user: { role_id: 3, permissions: ["isConfigManager"] },
    });
    expect(await screen.findByText("Ningún mensaje coincide con estos filtros")).toBeTruthy();
    expect(requests.some((r) => r.path.startsWith("/api/af/outbox?status=failed"))).toBe(true);
  });
});
