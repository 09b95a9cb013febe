/**
 * A schema-driven fuzz test. It walks the OpenAPI document the app generates and,
 * for every operation, as a guest, a learner and an administrator holding every flag, sends inputs
 * generated from the operation's schemas (fast-check, a fixed seed): valid ones, ones with a field
 * swapped for a hostile value, boundary ids in the path, hostile query text, malformed bodies.
 * It fails on any 5xx, on a status the operation does not document, and on a JSON body that does
 * not match the schema documented for its status (checked with ajv). A new route is covered without
 * touching this file. FUZZ_RUNS scales the number of generated cases per operation and caller.
 */
import { permissionNames } from "@aprendo/contract";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner, sessionToken } from "../../test/factories";
import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  refsIn,
  toDraft7,
} from "../../test/openapi-document";
import {
  arbitraryFor,
  asText,
  boundaryIds,
  fileArbitrary,
  hostileQueryValues,
  hostileVariant,
  malformedBodies,
  multipartBody,
} from "../../test/openapi-fuzz";
import { createTestApp, type TestApp } from "../../test/test-app";
import { users } from "../db/schema/index";
import { demoAccounts } from "../seed/demo-accounts";

const SEED = 19;
/** Generated cases per operation and signed-in caller (guests get a third: most doors refuse them). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** Generous: the measure of speed is the printed CPU time, not a deadline on a shared machine. */
const caseTimeout = 120_000 + RUNS * 45_000;
const methods = ["get", "post", "put", "patch", "delete"] as const;
type Caller = "guest" | "learner" | "admin";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void;

let t: TestApp;
let document: OpenApiDocument;
const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);

beforeAll(async () => {
  // The demo's titles, lectures, quizzes, products and tickets: small generated ids then name real
  // rows, so valid inputs reach the code behind the "not found". The demo is seeded once per run:
  // this file may first wait for another file's seeding (hence the hook's time).
  t = await createTestApp({}, { demo: true });
  document = t.app.swagger() as unknown as OpenApiDocument;
}, 240_000);
afterAll(() => t.close());

type Route = { method: (typeof methods)[number]; path: string; operation: Operation };

/**
 * Every documented operation. Deletions run last, so what the other operations create is there to
 * be read and changed first; a long-lived event stream is skipped (it never ends by itself; the
 * notification tests cover it).
 */
function documentedRoutes(): Route[] {
  const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    methods.filter((m) => operations[m]).map((method) => ({ method, path, operation: operations[method]! })),
  );
  return routes
    .filter((r) => !r.path.endsWith("/stream"))
    .sort((a, b) => Number(a.method === "delete") - Number(b.method === "delete"));
}

type Case = {
  label: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { payload: string | Buffer; contentType: string };
};

/** A deterministic seed per operation, so a failure names a case that can be replayed. */
function seedOf(route: Route, caller: Caller): number {
  let hash = SEED;
  for (const c of `${route.method} ${route.path} ${caller}`)
    hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

function sample<T>(arbitrary: fc.Arbitrary<T>, seed: number, runs: number): T[] {
  return runs > 0 ? fc.sample(arbitrary, { seed, numRuns: runs }) : [];
}

function objectSchema(parameters: Operation["parameters"], where: "path" | "query"): JsonSchema {
  const list = (parameters ?? []).filter((p) => p.in === where);
  return {
    type: "object",
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
    required: list.filter((p) => p.required).map((p) => p.name),
  };
}

function casesFor(route: Route, caller: Caller): Case[] {
  const { operation } = route;
  const seed = seedOf(route, caller);
  const runs = caller === "guest" ? Math.max(1, Math.floor(RUNS / 3)) : RUNS;
  const pathSchema = objectSchema(operation.parameters, "path");
  const querySchema = objectSchema(operation.parameters, "query");
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content["application/json"]?.schema;
  const formSchema = content["multipart/form-data"]?.schema;
  const paths = arbitraryFor(document, pathSchema) as fc.Arbitrary<Record<string, unknown>>;
  const queries = arbitraryFor(document, querySchema) as fc.Arbitrary<Record<string, unknown>>;

  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? "",
    contentType: "application/json",
  });
  const form: fc.Arbitrary<Case["body"]> | undefined = formSchema
    ? fc.tuple(arbitraryFor(document, formSchema), fileArbitrary).map(([fields, file]) => {
        const properties = formSchema.properties ?? {};
        const fileFields = Object.keys(properties).filter((k) => properties[k]?.format === "binary");
        const textFields = Object.fromEntries(
          Object.entries((fields as Record<string, unknown>) ?? {}).filter(([k]) => !fileFields.includes(k)),
        );
        return multipartBody(textFields, Object.fromEntries(fileFields.map((k) => [k, file])));
      })
    : undefined;
  const validBody: fc.Arbitrary<Case["body"]> = jsonSchema
    ? arbitraryFor(document, jsonSchema).map(json)
    : (form ?? fc.constant(undefined));

  const valid = sample(fc.tuple(paths, queries, validBody), seed, runs).map(([path, query, body]) => ({
    label: "valid",
    path,
    query,
    body,
  }));
  const [somePath = {}] = sample(paths, seed, 1);
  const [someQuery = {}] = sample(queries, seed, 1);
  const [someBody] = sample(validBody, seed, 1);
  const hostile: Case[] = [];
  const pathNames = Object.keys(pathSchema.properties ?? {});
  // Every path id goes through the one id type, so a few boundary values per operation (different
  // ones from operation to operation) cover the list across the run.
  for (const id of sample(fc.constantFrom(...boundaryIds), seed, caller === "guest" ? 1 : 3))
    if (pathNames.length > 0)
      hostile.push({
        label: `path ${asText(id)}`,
        path: Object.fromEntries(pathNames.map((n) => [n, id])),
        query: someQuery,
        body: someBody,
      });
  const queryNames = Object.keys(querySchema.properties ?? {});
  const queryValues = sample(fc.constantFrom(...hostileQueryValues), seed, queryNames.length);
  for (const [index, name] of queryNames.entries())
    hostile.push({
      label: `query ${name}`,
      path: somePath,
      query: { ...someQuery, [name]: queryValues[index] },
    });
  if (jsonSchema) {
    for (const value of sample(hostileVariant(document, jsonSchema), seed, runs))
      hostile.push({ label: "hostile body", path: somePath, query: someQuery, body: json(value) });
    for (const body of sample(fc.constantFrom(...malformedBodies), seed, caller === "guest" ? 1 : 3))
      hostile.push({ label: `malformed ${body.contentType} body`, path: somePath, query: someQuery, body });
  }
  if (formSchema)
    for (const body of [
      multipartBody({}, {}),
      { payload: "--nothing-here--", contentType: "multipart/form-data; boundary=x" },
      { payload: "{}", contentType: "application/json" },
    ])
      hostile.push({ label: "malformed form", path: somePath, query: someQuery, body });
  return [...valid, ...hostile];
}

function urlOf(template: string, path: Record<string, unknown>, query: Record<string, unknown>): string {
  const url = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(asText(path[name] ?? "1")),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

// One validator per distinct schema, not per operation and status: most statuses share a few bodies
// (the error body above all), and compiling each again took a quarter of this file's CPU.
const validators = new Map<string, ValidateFunction>();
function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    // The components ride along so `#/components/schemas/...` resolves inside the compiled schema.
    validate = ajv.compile(toDraft7({ allOf: [schema], components: document.components ?? {} }));
    validators.set(key, validate);
  }
  return validate;
}

let ip = 0;
/** A different client address per request, so per-address rate limits do not hide the answers. */
const clientAddress = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

/**
 * The demo's adult learner (enrolled, with orders, attempts and tickets), so a learner's valid
 * inputs meet their own rows; a fresh learner once an operation has closed or disabled that account.
 */
async function demoLearner(): Promise<SignedIn> {
  const [ana] = await t.deps.db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.username, demoAccounts[0]!.username), eq(users.status, "active")));
  if (!ana) return buildLearner(t);
  const token = await sessionToken(t, ana);
  return { auth: { authorization: `Bearer ${token}` } };
}

const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

type Tally = { problems: string[]; statuses: Map<number, number>; unauthenticated?: boolean };
type SignedIn = { auth: { authorization: string } };

async function fuzz(route: Route, caller: Caller, user: SignedIn | undefined, tally: Tally) {
  const { problems, statuses } = tally;
  const all = casesFor(route, caller);
  // A valid case and the most hostile one first: when both are refused at the door the same way
  // (authentication and the area's role are settled before the input is read), every other input
  // would be too, and the time goes to operations that do read it.
  const cases = all.length > 2 ? [all[0]!, all.at(-1)!, ...all.slice(1, -1)] : all;
  const door: string[] = [];
  for (const [index, c] of cases.entries()) {
    if (index === 2 && door.length === 2 && door[0] === door[1]) return 2;
    const url = urlOf(route.path, c.path, c.query);
    const response = await t.app.inject({
      method: route.method.toUpperCase() as "GET",
      url,
      headers: {
        ...(user?.auth ?? {}),
        ...(c.body ? { "content-type": c.body.contentType } : {}),
        "x-forwarded-for": clientAddress(),
      },
      ...(c.body ? { payload: c.body.payload } : {}),
    });
    const where = `${route.method.toUpperCase()} ${route.path} as ${caller}, ${c.label}: ${response.statusCode} (${url.slice(0, 120)}${c.body ? ` ${String(c.body.payload).slice(0, 120)}` : ""})`;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode === 401) tally.unauthenticated = true;
    if (response.statusCode === 401 || response.statusCode === 403)
      door.push(`${response.statusCode} ${response.body}`);
    const documented = route.operation.responses[String(response.statusCode)];
    if (response.statusCode >= 500) {
      problems.push(`${where} -> ${response.body.slice(0, 200)}`);
      continue;
    }
    if (!documented) {
      problems.push(`${where} undocumented status -> ${response.body.slice(0, 120)}`);
      continue;
    }
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema || !String(response.headers["content-type"] ?? "").startsWith("application/json")) continue;
    const validate = validatorFor(schema);
    if (!validate(response.json()))
      problems.push(`${where} body does not match its schema: ${ajv.errorsText(validate.errors)}`);
  }
  return cases.length;
}

describe("the OpenAPI document", () => {
  it("has no dangling $ref", () => {
    const names = new Set(Object.keys(document.components?.schemas ?? {}));
    const dangling = [...refsIn(document)].filter(
      (ref) => !names.has(ref.replace("#/components/schemas/", "")),
    );
    expect(dangling).toEqual([]);
  });

  it("describes the body of every operation that reads a multipart form", () => {
    const missing = documentedRoutes()
      .filter((r) => {
        const content = r.operation.requestBody?.content ?? {};
        const readsForm = "multipart/form-data" in content || /multipart/i.test(r.operation.summary ?? "");
        return readsForm && !content["multipart/form-data"]?.schema?.properties;
      })
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });
});

describe("fuzzing every operation", () => {
  for (const caller of ["guest", "learner", "admin"] as const) {
    it(`answers ${caller}s without a 5xx, with documented statuses and bodies`, {
      timeout: caseTimeout,
    }, async () => {
      const started = Date.now();
      const cpu = process.cpuUsage();
      const tally: Tally = { problems: [], statuses: new Map() };
      let cases = 0;
      const routes = documentedRoutes();
      const build = () =>
        caller === "learner"
          ? demoLearner()
          : caller === "admin"
            ? buildAdmin(t, permissionNames)
            : undefined;
      let user = await build();
      for (const route of routes) {
        cases += await fuzz(route, caller, user, tally);
        // A caller whose session an operation ended (logout, account deletion, password change)
        // is replaced, so it does not turn every later operation into a 401.
        if (user && tally.unauthenticated) user = await build();
        tally.unauthenticated = false;
      }
      const byStatus = [...tally.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.info(
        `fuzz as ${caller} (seed ${SEED}, ${RUNS} runs): ${routes.length} operations, ${cases} cases in ` +
          `${Date.now() - started} ms (${Math.round(cpuMs(process.cpuUsage(cpu)))} ms of this process's CPU); ` +
          `statuses ${byStatus.join(", ")}; ${tally.problems.length} problems`,
      );
      expect(tally.problems).toEqual([]);
    });
  }
});
