/**
 * Every administrator call of the support features, table-driven: without its permission flag
 * (another flag, or a head administrator without flags) 403, a learner 403, a guest 401, and with
 * the flag the call gets past the guard.
 */
import type { PermissionName } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Route = [Method, string, PermissionName];

const crud = (path: string, flag: PermissionName): Route[] => [
  ["GET", path, flag],
  ["POST", path, flag],
  ["GET", `${path}/999999`, flag],
  ["PUT", `${path}/999999`, flag],
  ["DELETE", `${path}/999999`, flag],
];

const desk: PermissionName = "isTicketContentManager";
const routes: Route[] = [
  ["GET", "/api/af/tickets", desk],
  ["GET", "/api/af/tickets/me", desk],
  ["GET", "/api/af/tickets/assignees", desk],
  ["GET", "/api/af/tickets/999999", desk],
  ["PUT", "/api/af/tickets/999999/claim", desk],
  ["POST", "/api/af/tickets/999999/messages", desk],
  ["PUT", "/api/af/tickets/999999/resolve", desk],
  ["PUT", "/api/af/tickets/999999/reopen", desk],
  ["PUT", "/api/af/tickets/999999/hand-over", desk],
  ["GET", "/api/af/tickets/999999/attachments/1", desk],
  ...crud("/api/af/tickets/subjects", "isTicketSubjectManager"),
  ...crud("/api/af/faqs/categories", "isFaqCategoryManager"),
  ...crud("/api/af/faqs/entries", "isFaqManager"),
  ...crud("/api/af/events", "isEventManager"),
  ...crud("/api/af/global-notifications", "isGlobalNotificationsManager"),
  ["POST", "/api/af/global-notifications/999999/publish", "isGlobalNotificationsManager"],
  ...crud("/api/af/advertisement-blocks", "isAdvertManager"),
  ...crud("/api/af/adverts", "isAdvertManager"),
];

let t: TestApp;
let learner: BuiltUser;
let unrelated: BuiltUser;
let head: BuiltUser;
const holders = new Map<PermissionName, BuiltUser>();

beforeAll(async () => {
  t = await createTestApp();
  learner = await buildLearner(t);
  unrelated = await buildAdmin(t, ["isCouponManager", "isCourseManager"]);
  head = await buildHeadAdmin(t);
  for (const flag of new Set(routes.map((r) => r[2]))) holders.set(flag, await buildAdmin(t, [flag]));
});
afterAll(() => t.close());

const call = (method: Method, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers, ...(method === "POST" || method === "PUT" ? { payload: {} } : {}) });

describe("support administration permissions", () => {
  it.each(routes)("%s %s needs %s", async (method, url, flag) => {
    const guest = await call(method, url);
    expect(guest.statusCode, "guest").toBe(401);
    expect((await call(method, url, learner.auth)).statusCode, "learner").toBe(403);
    expect((await call(method, url, unrelated.auth)).statusCode, "admin without the flag").toBe(403);
    expect((await call(method, url, head.auth)).statusCode, "head admin without flags").toBe(403);
    const allowed = await call(method, url, holders.get(flag)!.auth);
    expect([401, 403], "admin with the flag").not.toContain(allowed.statusCode);
    expect(allowed.json().message ?? "").not.toBe("There is no such address in the API");
  });

  it("lets the ticket system manager work the desk too", async () => {
    const system = await buildAdmin(t, ["isTicketSystemManager"]);
    expect((await call("GET", "/api/af/tickets", system.auth)).statusCode).toBe(200);
    expect((await call("GET", "/api/af/tickets/subjects", system.auth)).statusCode).toBe(403);
  });

  it("keeps learner endpoints to learners", async () => {
    for (const url of ["/api/iu/tickets", "/api/iu/faqs", "/api/iu/events"]) {
      expect((await call("GET", url)).statusCode).toBe(401);
      expect((await call("GET", url, unrelated.auth)).statusCode).toBe(403);
      expect((await call("GET", url, learner.auth)).statusCode).toBe(200);
    }
  });
});
