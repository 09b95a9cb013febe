/**
 * The guest ticket form's own rules as the guest meets them while filling it in: the description's
 * counter and minimum, and screenshots refused by their content or for being attached twice. The
 * browser journey (support.spec.ts) sends a real ticket with a real picture; these rules are the
 * page's alone, so they are checked here.
 */
import { ticketSubjectsPublicList } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import GuestTicketPage from "./GuestTicketPage";

const subjects = { data: [{ id: 0, title: { en: "Other", es: "Otro" } }] };
const pngBytes = (shade: number) =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, shade, shade]);
const png = (name: string, shade: number) => new File([pngBytes(shade)], name, { type: "image/png" });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe("the guest's ticket form rules", () => {
  it("counts the description's characters and asks for at least 20 before sending", async () => {
    server.use(api.get("/tickets/subjects", ticketSubjectsPublicList, subjects));
    const { user } = await renderPage(<GuestTicketPage />, "/tickets");
    await user.type(await screen.findByLabelText(/^Your email/), "guest@example.com");
    // The subjects are a request of their own: the list may still be empty when the form shows.
    const subject = screen.getByLabelText(/^Subject/);
    await within(subject).findByRole("option", { name: "Other" });
    await user.selectOptions(subject, "0");
    await user.type(screen.getByLabelText(/^Describe the problem/), "Too short");
    expect(screen.getByText("9 / 2000")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send ticket" }));
    expect(await screen.findByText("Minimum allowed characters is 20")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("refuses a text file dressed as a PNG and the same picture twice, and keeps the real one", async () => {
    server.use(api.get("/tickets/subjects", ticketSubjectsPublicList, subjects));
    const { user } = await renderPage(<GuestTicketPage />, "/tickets");
    await screen.findByLabelText(/^Your email/);
    const fake = new File([new TextEncoder().encode("not a picture")], "notes.png", { type: "image/png" });
    await user.upload(fileInput(), fake);
    expect((await screen.findByTestId("screenshot-errors")).textContent).toBe(
      "notes.png is not an image. Use JPEG, PNG, WebP or GIF.",
    );
    await user.upload(fileInput(), png("screen.png", 40));
    expect(await screen.findByText("screen.png")).toBeTruthy();
    await user.upload(fileInput(), png("screen-again.png", 40));
    expect((await screen.findByTestId("screenshot-errors")).textContent).toBe(
      "screen-again.png is attached more than once",
    );
    expect(screen.queryByText("screen-again.png")).toBeNull();
  });

  it("says the same in Spanish", async () => {
    server.use(api.get("/tickets/subjects", ticketSubjectsPublicList, subjects));
    const { user } = await renderPage(<GuestTicketPage />, "/tickets", { language: "es" });
    await screen.findByLabelText(/^Tu correo/);
    const fake = new File([new TextEncoder().encode("not a picture")], "notas.png", { type: "image/png" });
    await user.upload(fileInput(), fake);
    expect((await screen.findByTestId("screenshot-errors")).textContent).toMatch(/^notas\.png /);
    expect(screen.getByTestId("screenshot-errors").textContent).not.toContain("is not an image");
  });
});
