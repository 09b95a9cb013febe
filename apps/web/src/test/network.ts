/**
 * The MSW server of the web tests and what it records. Kept apart from server.ts (the handlers, which
 * load the contract) so that setup.ts, run before every test file, stays light.
 */
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";

/**
 * Answers every test gets unless it overrides them (`server.use`): deployment settings that the
 * shell's forms read on any page. Phone codes go by SMS, as in the demo.
 */
export const server = setupServer(
  http.get("*/api/messaging/channels", () => HttpResponse.json({ phone_codes_by: "sms" })),
);

/**
 * What went wrong at the network boundary while a test ran: answers that did not match their schema,
 * requests no handler expected. setup.ts fails the test with the first (MSW alone would only log it,
 * and a page that copes with a failed call would pass).
 */
export const drift: Error[] = [];

/** Every request a test's handlers answered, in order: method, path with query, JSON body. */
export const requests: Array<{ method: string; path: string; body: unknown }> = [];
