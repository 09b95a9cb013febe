/**
 * The network boundary of component tests: MSW answers the HTTP client's fetch calls, so a page runs
 * its real client (headers, refresh, error shapes) against mocked answers. Handlers are made with
 * `api.get(path, schema, body)` and its siblings: every answer is checked against the contract's zod
 * schema for that route, so an answer that drifts from the contract fails the test that serves it,
 * naming the route and the schema's issues, instead of testing a page against an API that does not
 * exist. A request no handler expects fails the test too (`onUnhandledRequest: "error"`).
 */
import { errorBody } from "@aprendo/contract";
import { type DefaultBodyType, delay, HttpResponse, http, type StrictRequest } from "msw";
import type { z } from "zod";
import { drift, requests } from "./network";

export { drift, requests, server } from "./network";

function checked<S extends z.ZodType>(schema: S, body: unknown, route: string): z.input<S> {
  const result = schema.safeParse(body);
  if (result.success) return body as z.input<S>;
  const issues = result.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ");
  const error = new Error(`The mocked answer of ${route} does not match the contract: ${issues}`);
  drift.push(error);
  throw error;
}

type Method = "get" | "post" | "put" | "patch" | "delete";
type Request = StrictRequest<DefaultBodyType>;
type Made<S extends z.ZodType> = (request: {
  json: unknown;
  params: Record<string, string>;
  url: URL;
}) => z.input<S>;
/** A fixed body, or one made from the request (its JSON body, when it has one, and path params). */
type Body<S extends z.ZodType> = z.input<S> | Made<S>;

const pattern = (path: string) => `*/api${path}`;

/**
 * `WEB_TEST_JITTER_MS=300` holds each answer back a random 0-300 ms, so answers arrive in another
 * order and later than the page's first render, as on a loaded machine. A test that reads the result
 * of a request with `getBy...` instead of waiting for it (`findBy...`, `waitFor`) then fails at once
 * instead of once in a while in CI. For hunting such races; off by default.
 */
const jitterMs = Number(process.env.WEB_TEST_JITTER_MS ?? 0);

async function jsonOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function handler<S extends z.ZodType>(method: Method, path: string, schema: S, body: Body<S>, status = 200) {
  const route = `${method.toUpperCase()} /api${path}`;
  // A fixed body is checked now, so a drifted fixture fails where the test builds it.
  if (typeof body !== "function") checked(schema, body, route);
  return http[method](pattern(path), async ({ request, params }) => {
    const url = new URL(request.url);
    const json = await jsonOf(request);
    requests.push({ method: request.method, path: url.pathname + url.search, body: json });
    if (jitterMs > 0) await delay(Math.random() * jitterMs);
    const made =
      typeof body === "function"
        ? checked(schema, (body as Made<S>)({ json, params: params as Record<string, string>, url }), route)
        : body;
    return status === 204
      ? new HttpResponse(null, { status })
      : HttpResponse.json(made as object, { status });
  });
}

/** Handlers checked against the contract: `api.get("/faqs", paginated(faqSchema), page)`. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, body: Body<S>, status?: number) =>
    handler("get", path, schema, body, status),
  post: <S extends z.ZodType>(path: string, schema: S, body: Body<S>, status?: number) =>
    handler("post", path, schema, body, status),
  put: <S extends z.ZodType>(path: string, schema: S, body: Body<S>, status?: number) =>
    handler("put", path, schema, body, status),
  patch: <S extends z.ZodType>(path: string, schema: S, body: Body<S>, status?: number) =>
    handler("patch", path, schema, body, status),
  delete: <S extends z.ZodType>(path: string, schema: S, body: Body<S>, status?: number) =>
    handler("delete", path, schema, body, status),
  /** An error answer in the shapes of spec section 8 (`{ message }` or `{ message?, errors }`). */
  error: (method: Method, path: string, status: number, body: z.input<typeof errorBody>) =>
    handler(method, path, errorBody, body, status),
};
