/**
 * Security: every documented API route, called by a guest, a learner, an
 * administrator holding every flag, a head administrator and a master administrator, answers as the
 * area of its path says (spec section 6). The list comes from the OpenAPI document, so a route added
 * later is covered without touching this file. Nothing may answer 500, whatever the caller sends.
 */
import { permissionNames } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildAdmin,
  buildHeadAdmin,
  buildLearner,
  buildMasterAdmin,
  sessionToken,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let callers: Record<"learner" | "admin" | "head" | "master", BuiltUser>;

beforeAll(async () => {
  t = await createTestApp();
  callers = {
    learner: await buildLearner(t),
    admin: await buildAdmin(t, permissionNames),
    head: await buildHeadAdmin(t),
    master: await buildMasterAdmin(t),
  };
});
afterAll(() => t.close());

type Caller = keyof typeof callers | "guest";
type Route = { method: string; path: string };

/** Which callers an area lets through its door (resource rules may still refuse them later). */
const areas: Array<{ prefix: string; allowed: Caller[] }> = [
  { prefix: "/api/iu/", allowed: ["learner"] },
  { prefix: "/api/af/", allowed: ["admin"] },
  { prefix: "/api/ha/", allowed: ["head"] },
  { prefix: "/api/ma/", allowed: ["master"] },
];
const everyone: Caller[] = ["guest", "learner", "admin", "head", "master"];

function documentedRoutes(): Route[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/** Path parameters get an id nobody owns; the server must say 404/403/422, never crash. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "999999");

async function call(route: Route, caller: Caller) {
  const hasBody = ["POST", "PUT", "PATCH"].includes(route.method);
  return t.app.inject({
    method: route.method as "GET",
    url: concrete(route.path),
    headers: {
      ...(caller === "guest" ? {} : callers[caller].auth),
      ...(hasBody ? { "content-type": "application/json" } : {}),
      "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    ...(hasBody ? { payload: "{}" } : {}),
  });
}

const roleOf = { learner: 1, admin: 3, head: 4, master: 5 } as const;
async function renewSession(caller: keyof typeof callers) {
  const token = await sessionToken(t, { id: callers[caller].id, roleId: roleOf[caller] });
  callers[caller] = { ...callers[caller], token, auth: { authorization: `Bearer ${token}` } };
}

// Long-lived event streams are covered by the notification tests.
const skipped = new Set(["GET /api/notifications/stream"]);

/**
 * Routes under /api/iu whose door is deliberately wider than the learner area (spec section 7 puts
 * them there): reference data anyone may read, the password change of any signed-in user, and the
 * title and lecture reads that staff use to preview what learners see (progress is never written
 * for them; the learning tests cover that).
 */
const wider: Record<string, Caller[]> = {
  "GET /api/iu/configurations": everyone,
  "GET /api/iu/categories": everyone,
  "PUT /api/iu/change-password": ["learner", "admin", "head", "master"],
  // Fetched by the player itself, which cannot send a bearer: the lecture's media token in the
  // query is the credential (checked in learning/captions.test.ts and media/media.test.ts).
  "GET /api/iu/lectures/{id}/captions/{language}": everyone,
  "GET /api/iu/lectures/{id}/hls/{file}": everyone,
  ...Object.fromEntries(
    [
      "GET /api/iu/courses/{id}",
      "GET /api/iu/courses/{id}/exams",
      "GET /api/iu/lectures/{id}",
      "PUT /api/iu/lectures/{id}/progress",
      "PUT /api/iu/lectures/{id}/completion",
      "GET /api/iu/lectures/{id}/quiz-gate",
      "GET /api/iu/lectures/{id}/video",
      "GET /api/iu/lectures/{id}/resources",
      "GET /api/iu/lectures/{id}/resources/{resourceId}/file",
      "GET /api/iu/lectures/{id}/ebooks/{ebookId}/file",
      "POST /api/iu/lectures/{id}/ebooks/{ebookId}/view-token",
    ].map((route) => [route, ["learner", "admin", "head", "master"] as Caller[]]),
  ),
};

describe("the route policy", () => {
  it("is documented for every area", () => {
    const routes = documentedRoutes();
    for (const area of areas) expect(routes.some((r) => r.path.startsWith(area.prefix))).toBe(true);
  });

  it("lets each caller through exactly the doors of its area, and never answers 500", async () => {
    const problems: string[] = [];
    for (const route of documentedRoutes()) {
      if (skipped.has(`${route.method} ${route.path}`)) continue;
      const allowed =
        wider[`${route.method} ${route.path}`] ?? areas.find((a) => route.path.startsWith(a.prefix))?.allowed;
      for (const caller of everyone) {
        const response = await call(route, caller);
        // Logging out ends the caller's session (its token is refused from then on): open another.
        if (route.path === "/api/auth/logout" && caller !== "guest") await renewSession(caller);
        const where = `${route.method} ${route.path} as ${caller}: ${response.statusCode}`;
        if (response.statusCode >= 500) problems.push(`${where} ${response.body.slice(0, 120)}`);
        if (!allowed) continue;
        const refusedAtTheDoor =
          response.statusCode === 401 ||
          (response.statusCode === 403 && response.json().message === "You are not allowed to do this");
        if (allowed.includes(caller) === refusedAtTheDoor)
          problems.push(`${where} (${refusedAtTheDoor ? "refused" : "let through"})`);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
