import { guestTicketCreated, ticketSubjectsPublicList } from "@aprendo/contract";
import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import GuestTicketPage from "./GuestTicketPage";

const subjects = {
  data: [
    { id: 3, title: { en: "Payments", es: "Pagos" } },
    { id: 0, title: { en: "Other", es: "Otro" } },
  ],
};
const problem = "The video of lecture 3 stops after two minutes on my phone.";

async function fillIn(user: UserEvent, labels: { email: RegExp; subject: RegExp; description: RegExp }) {
  await user.type(await screen.findByLabelText(labels.email), "guest@example.com");
  // The subjects are a request of their own: the list may still be empty when the form shows.
  const subject = screen.getByLabelText(labels.subject);
  await waitFor(() => expect(subject.querySelector('option[value="3"]')).not.toBeNull());
  await user.selectOptions(subject, "3");
  // Pasted: typing 60 characters one by one adds seconds and tests nothing more.
  await user.click(screen.getByLabelText(labels.description));
  await user.paste(problem);
}
const english = { email: /^Your email/, subject: /^Subject/, description: /^Describe the problem/ };

describe("the guest's ticket form", () => {
  it("says what is missing under each field before sending anything", async () => {
    server.use(api.get("/tickets/subjects", ticketSubjectsPublicList, subjects));
    const { user } = await renderPage(<GuestTicketPage />, "/tickets");
    await user.click(await screen.findByRole("button", { name: "Send ticket" }));
    expect(await screen.findAllByText("This field is required")).toHaveLength(3);
    await user.type(screen.getByLabelText(english.email), "not-an-email");
    await user.type(screen.getByLabelText(english.description), "Too short");
    await user.click(screen.getByRole("button", { name: "Send ticket" }));
    expect(await screen.findByText("Email is not valid")).toBeTruthy();
    expect(screen.getByLabelText(english.description).getAttribute("aria-invalid")).toBe("true");
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("opens the ticket and shows its reference", async () => {
    server.use(
      api.get("/tickets/subjects", ticketSubjectsPublicList, subjects),
      api.post(
        "/tickets",
        guestTicketCreated,
        {
          message: "We have received your ticket. Check your email for the link to follow it.",
          data: { id: 41, reference: "T-000041", email: "guest@example.com" },
        },
        201,
      ),
    );
    const { user } = await renderPage(<GuestTicketPage />, "/tickets");
    await fillIn(user, english);
    await user.click(screen.getByRole("button", { name: "Send ticket" }));
    expect(await screen.findByRole("heading", { name: "Ticket T-000041 received" })).toBeTruthy();
    expect(
      screen.getByText("We have received your ticket. Check your email for the link to follow it."),
    ).toBeTruthy();
    // Sent as a form with the fields the contract names.
    const sent = String(requests.find((r) => r.method === "POST")?.body);
    for (const field of ["email", "subject_id", "description"]) expect(sent).toContain(`name="${field}"`);
  });

  it("puts the server's refusal under the field, in Spanish", async () => {
    server.use(
      api.get("/tickets/subjects", ticketSubjectsPublicList, subjects),
      api.error("post", "/tickets", 422, {
        message: "El correo electrónico no es válido",
        errors: { email: ["El correo electrónico no es válido"] },
      }),
    );
    const { user } = await renderPage(<GuestTicketPage />, "/tickets", { language: "es" });
    await fillIn(user, { email: /^Tu correo/, subject: /^Asunto/, description: /^Describe el problema/ });
    await user.click(screen.getByRole("button", { name: "Enviar ticket" }));
    expect(await screen.findAllByText("El correo electrónico no es válido")).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Tu correo/).getAttribute("aria-invalid")).toBe("true");
  });
});
