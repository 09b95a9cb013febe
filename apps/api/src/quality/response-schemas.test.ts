/**
 * A response schema never reuses an input transform. fastify-type-provider-zod
 * *encodes* a reply through its response schema (Zod 4), and a one-way `.transform()` (also inside
 * `z.preprocess` or a `.pipe()`) cannot be encoded: the reply fails with a ZodEncodeError, i.e. a
 * 500 for every caller, as soon as a value reaches that field (the back office's order list died on
 * the first order with a shipping address). An `.overwrite()` (`.trim()`, `.toLowerCase()`) does
 * encode, but rewrites what the server answers: an input rule, not a description of the reply.
 * This walks every route's response schemas as the routes register them, so a route added later is
 * covered.
 */
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, type TestApp } from "../../test/test-app";
import { featureRoutes } from "../features";
import { authenticatePlugin } from "../http/authenticate";
import { languagePlugin } from "../http/language";

type Found = { route: string; status: string; path: string; kind: string };

/** Every place in `schema` that cannot be encoded, with the path of keys that leads to it. */
export function unencodable(schema: z.core.$ZodType, path = "$", seen = new Set<unknown>()): Found[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const here = (kind: string): Found[] => [{ route: "", status: "", path, kind }];
  const walk = (inner: unknown, suffix = "") =>
    inner ? unencodable(inner as z.core.$ZodType, path + suffix, seen) : [];
  const checks = (def.checks ?? []) as Array<{ _zod: { def: { check: string } } }>;
  const own = checks.some((c) => c._zod.def.check === "overwrite") ? here("overwrite") : [];
  switch (def.type) {
    case "transform":
      return here("transform");
    case "pipe":
      // A codec (z.codec) carries its way back and encodes; a plain pipe does not.
      // A pipe without a transform on either side (e.g. a coercion) encodes.
      if (typeof def.reverseTransform === "function") return own;
      return [...own, ...walk(def.in, ".in"), ...walk(def.out, ".out")];
    case "object":
      return [
        ...own,
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => walk(v, `.${k}`)),
        ...walk(def.catchall, ".*"),
      ];
    case "array":
      return [...own, ...walk(def.element, "[]")];
    case "union":
      return [...own, ...(def.options as unknown[]).flatMap((o, i) => walk(o, `|${i}`))];
    case "intersection":
      return [...own, ...walk(def.left, "&l"), ...walk(def.right, "&r")];
    case "record":
      return [...own, ...walk(def.keyType, "{key}"), ...walk(def.valueType, "{value}")];
    case "tuple":
      return [
        ...own,
        ...(def.items as unknown[]).flatMap((o, i) => walk(o, `[${i}]`)),
        ...walk(def.rest, "[...]"),
      ];
    case "lazy":
      return [...own, ...walk((def.getter as () => unknown)(), "")];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "catch":
    case "readonly":
    case "success":
      return [...own, ...walk(def.innerType, "")];
    default:
      return own;
  }
}

let t: TestApp;
const found: Found[] = [];
let responses = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The features' routes, registered as buildApp registers them, with a hook that sees each route's
  // options (Fastify exposes a route's schema only while it is being added).
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", t.deps);
  app.addHook("onRoute", (route) => {
    const response = (route.schema?.response ?? {}) as Record<string, z.core.$ZodType>;
    for (const [status, schema] of Object.entries(response)) {
      if (!schema?._zod) continue;
      responses++;
      for (const f of unencodable(schema))
        found.push({ ...f, route: `${String(route.method)} ${route.url}`, status });
    }
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await app.register(languagePlugin);
  await app.register(authenticatePlugin);
  await app.register(
    async (api) => {
      for (const routes of featureRoutes) await api.register(routes);
    },
    { prefix: "/api" },
  );
  await app.ready();
  await app.close();
}, 60_000);
afterAll(() => t.close());

describe("response schemas", () => {
  it("no route's response schema holds a transform (the reply could not be encoded) or an overwrite", () => {
    expect(responses).toBeGreaterThan(200);
    expect(found.map((f) => `${f.route} ${f.status} ${f.path}: ${f.kind}`)).toEqual([]);
  });
});
