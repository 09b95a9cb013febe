/**
 * A deployment with no SMS provider sends phone codes to the account's email: the registration form
 * says so under the phone field, and the code step says where the code went.
 */
import { messagingChannels } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import RegisterPage from "./RegisterPage";

describe("where phone codes go", () => {
  it("says under the phone field that codes come by email when the site sends no SMS", async () => {
    server.use(api.get("/messaging/channels", messagingChannels, { phone_codes_by: "email" }));
    await renderPage(<RegisterPage />, "/register");
    expect(await screen.findByText(/This site does not send text messages/)).toBeTruthy();
  });

  it("keeps the plain hint when codes go by SMS, in Spanish too", async () => {
    await renderPage(<RegisterPage />, "/register", { language: "es" });
    expect(await screen.findByText("Incluye el prefijo de país")).toBeTruthy();
    expect(screen.queryByText(/no envía SMS/)).toBeNull();
  });
});
