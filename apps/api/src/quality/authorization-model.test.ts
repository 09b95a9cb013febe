/**
 * One authorization model (docs/security.md, "Who may do what"): who may do X is read in that
 * feature's `*.policy.ts`, and a route asks it at its door, `onRequest: app.authorize(policy, action)`.
 * - A route that runs authentication in a later hook (preValidation, preHandler) is refused when it
 *   is registered: a guest's bad body would get field errors instead of 401.
 * - Every door of the running app names an action its feature's policy defines.
 * - The app has no other door: no hook checks a role or a flag outside a feature policy.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Role } from "@aprendo/contract";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { authenticatePlugin, type RouteDoor, routeDoors } from "../http/authenticate";
import { definePolicy, type Policy, roles } from "../http/policy";

const root = join(import.meta.dirname, "..");

/** Routes in the signed-in areas that have no door, with the reason. */
const doorless: Readonly<Record<string, string>> = {
  "GET /api/iu/categories": "the public list of categories, served under /iu too for the learner's pages",
  "GET /api/iu/lectures/:id/hls/:file":
    "the player fetches it with the lecture's media token, checked in the handler",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const isPolicy = (value: unknown): value is Policy =>
  typeof value === "object" &&
  value !== null &&
  "feature" in value &&
  "rules" in value &&
  typeof (value as Policy).allow === "function";

async function featurePolicies(): Promise<Map<string, Policy>> {
  const policies = new Map<string, Policy>();
  for (const path of sourceFiles(root).filter((p) => p.endsWith(".policy.ts"))) {
    const module: Record<string, unknown> = await import(path);
    for (const value of Object.values(module)) if (isPolicy(value)) policies.set(value.feature, value);
  }
  return policies;
}

// A policy of one rule, for routes made up by the tests below.
const probe = definePolicy("probe", { learn: roles(Role.learner) });

describe("one hook style", () => {
  it("refuses a route that authenticates after onRequest, and takes one that does it onRequest", async () => {
    for (const slot of ["preValidation", "preHandler"] as const) {
      const app = Fastify();
      await app.register(authenticatePlugin);
      const register = () =>
        app.post("/late", { [slot]: app.authorize(probe, "learn") }, async () => ({ ok: true }));
      await expect(async () => {
        register();
        await app.ready();
      }).rejects.toThrow(`authentication hooks run onRequest, not ${slot}`);
      await app.close();
    }
    const app = Fastify();
    await app.register(authenticatePlugin);
    app.post("/early", { onRequest: app.authorize(probe, "learn") }, async () => ({ ok: true }));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe("feature policies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("every route door names an action its feature's policy defines", async () => {
    const policies = await featurePolicies();
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`,
      ),
    );
    const unknownActions = routes.flatMap((route) =>
      (routeDoors.get(route) ?? [])
        .filter((door): door is Exclude<RouteDoor, string> => typeof door === "object")
        .filter((door) => !(door.action in (policies.get(door.feature)?.rules ?? {})))
        .map((door) => `${route}: ${door.feature}.${door.action}`),
    );
    expect(unknownActions).toEqual([]);
    // The walk saw the policies' doors at all (a renamed registry would pass the check above vacuously).
    const policyDoors = routes.filter((route) =>
      (routeDoors.get(route) ?? []).some((door) => typeof door === "object"),
    );
    expect(policyDoors.length).toBeGreaterThan(20);
  });

  it("every back-office and learner route has a door in onRequest", () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const missing = Object.entries(document.paths)
      .filter(([path]) => /^\/api\/(iu|af|ha|ma)\//.test(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`),
      )
      .filter((route) => (routeDoors.get(route) ?? []).length === 0 && !(route in doorless));
    expect(missing).toEqual([]);
  });

  it("has no door but the feature policies: no role or flag hook outside a policy", () => {
    for (const hook of ["requireRole", "requirePermission", "optionalUser"])
      expect(t.app.hasDecorator(hook), hook).toBe(false);
    const direct = sourceFiles(root)
      .filter((path) =>
        /app\.(requireRole|requirePermission|optionalUser)\b/.test(readFileSync(path, "utf8")),
      )
      .map((path) => relative(root, path));
    expect(direct).toEqual([]);
  });
});
