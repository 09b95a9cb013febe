/**
 * The audit walk. It takes every write operation (POST, PUT, PATCH, DELETE) of the
 * back-office areas /api/af, /api/ha and /api/ma from the app's own route table (the OpenAPI
 * document), sends it valid requests as an administrator of that area over the demo data, and fails
 * when a request that succeeded left no audit record naming its caller and target. A new write route
 * is walked without touching this file; the only way out is the documented `notAudited` list.
 * Generated requests do not reach every route (a refinement the document cannot say, a row that must
 * be in a given state), so the routes the issue names have a hand-written valid request below, and
 * the walk must make most routes succeed at least once.
 */
import { permissionNames } from "@aprendo/contract";
import { desc, eq, gt, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildAdmin,
  buildHeadAdmin,
  buildLearner,
  buildMasterAdmin,
} from "../../test/factories";
import type { JsonSchema, OpenApiDocument, Operation } from "../../test/openapi-document";
import { arbitraryFor, asText, fileArbitrary, multipartBody } from "../../test/openapi-fuzz";
import { createTestApp, type TestApp } from "../../test/test-app";
import { auditLog, courses, faqCategories, orders } from "../db/schema/index";
import { auditedAreas, auditedWriteRoutes, notAudited } from "./audit-writes";

let t: TestApp;
let document: OpenApiDocument;
let callers: Record<"af" | "ha" | "ma", BuiltUser>;

beforeAll(async () => {
  // On the demo's data (its titles, orders, tickets), so the writes find real rows to change. The
  // demo is seeded once per run: this file may first wait for another file's seeding (hence the hook's time).
  t = await createTestApp({}, { demo: true });
  document = t.app.swagger() as unknown as OpenApiDocument;
  callers = {
    af: await buildAdmin(t, permissionNames),
    ha: await buildHeadAdmin(t),
    ma: await buildMasterAdmin(t),
  };
}, 240_000);
afterAll(() => t.close());

type Route = { method: "POST" | "PUT" | "PATCH" | "DELETE"; path: string; operation: Operation };
type Request = { url: string; body?: { payload: string | Buffer; contentType: string } };

function writeRoutes(): Route[] {
  return Object.entries(document.paths)
    .filter(([path]) => auditedAreas.some((area) => path.startsWith(area)))
    .flatMap(([path, operations]) =>
      (["post", "put", "patch", "delete"] as const)
        .filter((m) => operations[m])
        .map((m) => ({ method: m.toUpperCase() as Route["method"], path, operation: operations[m]! })),
    )
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
}

const routeKey = (route: { method: string; path: string }) =>
  `${route.method} ${route.path.replace(/\{([^}]+)\}/g, ":$1")}`;

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: "application/json" });

/**
 * Valid requests written by hand for the writes the issue names, where a generated one rarely
 * succeeds. Each returns the request (it may create the row it acts on first).
 */
const handWritten: Record<string, () => Promise<Request>> = {
  "POST /api/af/faqs/entries": async () => {
    const [category] = await t.deps.db.select({ id: faqCategories.id }).from(faqCategories).limit(1);
    return {
      url: "/api/af/faqs/entries",
      body: json({
        category_id: category!.id,
        question: { en: "Walk question?", es: "¿Pregunta de prueba?" },
        answer: { en: "Walk answer.", es: "Respuesta de prueba." },
      }),
    };
  },
  "PUT /api/af/courses/:id/status": async () => {
    const [course] = await t.deps.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
    return { url: `/api/af/courses/${course!.id}/status`, body: json({ status: "draft" }) };
  },
  "POST /api/af/refunds": async () => {
    const [order] = await t.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, "paid"))
      .orderBy(desc(orders.id))
      .limit(1);
    return { url: "/api/af/refunds", body: json({ order_id: order!.id, reason: "Audit walk refund" }) };
  },
  "POST /api/af/coupons": async () => ({
    url: "/api/af/coupons",
    body: json({ code: "AUDITWALK", discount_type: "percentage", value: 10 }),
  }),
  "POST /api/af/global-notifications/:id/publish": async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/af/global-notifications",
      headers: callers.af.auth,
      payload: {
        title: { en: "Walk notice", es: "Aviso de prueba" },
        description: { en: "Walk notice text", es: "Texto del aviso" },
      },
    });
    return { url: `/api/af/global-notifications/${created.json().data.id}/publish` };
  },
  "POST /api/af/course-access-management": async () => {
    const learner = await buildLearner(t);
    const [course] = await t.deps.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
    return {
      url: "/api/af/course-access-management",
      body: json({ user_id: learner.id, course_id: course!.id, reason: "Audit walk grant" }),
    };
  },
};

function objectSchema(parameters: Operation["parameters"], where: "path" | "query"): JsonSchema {
  const list = (parameters ?? []).filter((p) => p.in === where);
  return {
    type: "object",
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
    required: list.filter((p) => p.required).map((p) => p.name),
  };
}

/** Generated valid requests; path ids are the demo's small ids, so they name real rows. */
function generated(route: Route, count: number, seed: number): Request[] {
  const params = (route.operation.parameters ?? []).filter((p) => p.in === "path");
  const paths = fc.record(
    Object.fromEntries(
      params.map((p) => [
        p.name,
        p.schema?.enum ? fc.constantFrom(...p.schema.enum) : fc.integer({ min: 1, max: 4 }),
      ]),
    ),
  );
  const queries = arbitraryFor(document, objectSchema(route.operation.parameters, "query"));
  const content = route.operation.requestBody?.content ?? {};
  const jsonSchema = content["application/json"]?.schema;
  const formSchema = content["multipart/form-data"]?.schema;
  const bodies: fc.Arbitrary<Request["body"]> = jsonSchema
    ? arbitraryFor(document, jsonSchema).map(json)
    : formSchema
      ? fc.tuple(arbitraryFor(document, formSchema), fileArbitrary).map(([fields, file]) => {
          const properties = formSchema.properties ?? {};
          const files = Object.keys(properties).filter((k) => properties[k]?.format === "binary");
          const text = Object.fromEntries(
            Object.entries((fields as Record<string, unknown>) ?? {}).filter(([k]) => !files.includes(k)),
          );
          return multipartBody(text, Object.fromEntries(files.map((k) => [k, file])));
        })
      : fc.constant(undefined);
  return fc.sample(fc.tuple(paths, queries, bodies), { seed, numRuns: count }).map(([path, query, body]) => {
    const url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(asText((path as Record<string, unknown>)[name])),
    );
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries((query as Record<string, unknown>) ?? {}))
      if (value !== undefined) search.append(key, asText(value));
    return { url: search.size ? `${url}?${search}` : url, body };
  });
}

const lastAuditId = async () => {
  const [row] = await t.deps.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  return Number(row?.id ?? 0);
};

describe("the audit walk", () => {
  it("knows every back-office write route (audited, or excluded with a reason)", () => {
    const unknown = writeRoutes()
      .map(routeKey)
      .filter((key) => !auditedWriteRoutes.has(key) && !(key in notAudited));
    expect(unknown).toEqual([]);
  });

  it("finds an audit record, with the caller and target, after every successful back-office write", {
    timeout: 300_000,
  }, async () => {
    const missing: string[] = [];
    const succeeded = new Set<string>();
    const routes = writeRoutes().filter((route) => !(routeKey(route) in notAudited));
    let seed = 21;
    for (const route of routes) {
      const key = routeKey(route);
      const area = route.path.split("/")[2] as "af" | "ha" | "ma";
      const requests = [
        ...(handWritten[key] ? [await handWritten[key]()] : []),
        ...generated(route, 6, seed++),
      ];
      for (const request of requests) {
        const before = await lastAuditId();
        const response = await t.app.inject({
          method: route.method,
          url: request.url,
          headers: {
            ...callers[area].auth,
            ...(request.body ? { "content-type": request.body.contentType } : {}),
          },
          ...(request.body ? { payload: request.body.payload } : {}),
        });
        if (response.statusCode >= 300) continue;
        succeeded.add(key);
        const rows = await t.deps.db.select().from(auditLog).where(gt(auditLog.id, before));
        const mine = rows.filter((row) => row.actorId === callers[area].id);
        if (mine.length === 0)
          missing.push(`${key}: ${response.statusCode} ${request.url} left no audit record`);
        if (route.method !== "DELETE" || mine.length > 0) break;
      }
    }
    const unreached = routes.map(routeKey).filter((key) => !succeeded.has(key));
    console.info(
      `audit walk: ${succeeded.size} of ${routes.length} write routes succeeded at least once; not reached: ${unreached.join(", ")}`,
    );
    expect(missing).toEqual([]);
    for (const key of Object.keys(handWritten)) expect(succeeded, key).toContain(key);
    // The walk proves something only if most routes really changed something.
    expect(succeeded.size).toBeGreaterThan(routes.length / 2);
  });

  it("records a route without its own audit entry with the target before and after", async () => {
    const [category] = await t.deps.db.select().from(faqCategories).orderBy(faqCategories.id).limit(1);
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/af/faqs/categories/${category!.id}`,
      headers: callers.af.auth,
      payload: { name: { en: "Renamed by the walk", es: "Renombrada" }, active: true },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: "faqs_categories.update",
      entity: "faqs_categories",
      entityId: String(category!.id),
      actorId: callers.af.id,
      after: { name: expect.objectContaining({ en: "Renamed by the walk" }) },
    });
    expect(row?.before).toMatchObject({ id: category!.id });
    expect(row?.before).not.toEqual(row?.after);
  });

  it("records the users CSV export (a read that takes personal data away)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/af/users/export.csv?role=1",
      headers: callers.af.auth,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: "user.export",
      actorId: callers.af.id,
      after: { filters: { role: 1 } },
    });
  });
});
