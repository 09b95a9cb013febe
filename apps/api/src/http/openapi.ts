/**
 * The OpenAPI document at /api/docs, complete enough for a client generator or a fuzzer to trust:
 * recursive schemas are components (not dangling `$ref`s), multipart bodies are described, and every
 * operation lists the error statuses the framework and the error handler can answer it with.
 */
import { cartItemInput, errorBody, pricedLine } from "@aprendo/contract";
import type { SwaggerTransform } from "@fastify/swagger";
import type { RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { type ZodObject, z } from "zod";

declare module "fastify" {
  interface FastifySchema {
    /**
     * A multipart/form-data body, for the document only (the route reads it with @fastify/multipart,
     * so there is nothing to validate up front): the file fields and the text fields.
     */
    multipart?: MultipartBody;
  }
}

export type MultipartBody = { files: readonly string[]; fields?: ZodObject };

/**
 * Schemas that become named components. The two cart schemas are recursive (an item holds items), so
 * without an id zod emits a `$ref` to a `$defs` entry the document never carries ("schema0").
 */
const registry = z.registry<{ id?: string }>();
registry.add(cartItemInput, { id: "CartItem" });
registry.add(pricedLine, { id: "PricedLine" });
registry.add(errorBody, { id: "Error" });

const errorRef = { $ref: "#/components/schemas/Error" };

const errorDescriptions: Record<number, string> = {
  400: "Malformed body (not the JSON or form it should be)",
  401: "Not signed in, or the session has ended",
  403: "Not allowed",
  404: "Not found (a path id that cannot exist is not found too)",
  409: "Conflicts with the current state",
  413: "Body or file too large",
  415: "Unsupported content type",
  422: "Invalid fields: `{ message, errors: { field: [messages] } }`",
  429: "Too many requests; Retry-After says when to try again",
  503: "The database is unavailable",
};

/** The error statuses any operation of this shape can answer, whatever its feature. */
function sharedErrorStatuses(route: RouteOptions, hasBody: boolean): number[] {
  const statuses = [401, 403, 404, 409, 422, 503];
  if (hasBody) statuses.push(400, 413, 415);
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) statuses.push(429);
  return statuses;
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });

type Transformed = {
  body?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
  multipart?: MultipartBody;
};

export const openApiTransform: SwaggerTransform = (document) => {
  const { multipart, ...schema } = (document.schema ?? {}) as { multipart?: MultipartBody };
  const result = zodTransform({ ...document, schema } as Parameters<typeof zodTransform>[0]) as {
    schema: Transformed & { hide?: boolean };
    url: string;
  };
  if (!result.schema || result.schema.hide) return result;
  const transformed = result.schema;
  if (multipart) {
    transformed.body = multipartJsonSchema(multipart);
    transformed.consumes = [
      "multipart/form-data",
      ...(transformed.consumes ?? []).filter((c) => c !== "multipart/form-data"),
    ];
  }
  const method = [document.route.method].flat()[0] ?? "GET";
  const hasBody = !["GET", "HEAD", "DELETE"].includes(method) || Boolean(transformed.body);
  // A route that documents no success (a file, a page, a calendar) still answers 200; without any
  // response schema @fastify/swagger would have written that default itself.
  transformed.response ??= {};
  if (!Object.keys(transformed.response).some((status) => status.startsWith("2")))
    transformed.response[200] = { description: "Default Response" };
  for (const status of sharedErrorStatuses(document.route, hasBody)) {
    transformed.response[status] ??= { description: errorDescriptions[status], ...errorRef };
  }
  return result;
};

export const openApiTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });

function multipartJsonSchema({ files, fields }: MultipartBody) {
  const text = fields
    ? (z.toJSONSchema(fields, { io: "input", target: "openapi-3.0", unrepresentable: "any" }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      })
    : {};
  return {
    type: "object",
    properties: {
      ...text.properties,
      ...Object.fromEntries(files.map((name) => [name, { type: "string", format: "binary" }])),
    },
    ...(text.required?.length ? { required: text.required } : {}),
  };
}
