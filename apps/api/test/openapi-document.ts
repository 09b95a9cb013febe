/**
 * The OpenAPI document as the fuzz test reads it (quality/fuzz.test.ts): its types, `$ref`
 * resolution, and its OpenAPI 3.0 schemas in the JSON Schema draft ajv checks responses with.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  summary?: string;
  parameters?: { in: "path" | "query" | "header"; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

export function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = document.components?.schemas?.[name];
  if (!target) throw new Error(`dangling $ref ${schema.$ref}`);
  return target;
}

/** Every `$ref` in a value, for the completeness check. */
export function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") found.add(v);
      else refsIn(v, found);
    }
  return found;
}

/**
 * OpenAPI 3.0 schemas in the JSON Schema draft ajv reads: 3.0 writes an exclusive bound as
 * `minimum` plus `exclusiveMinimum: true`, draft 7 as `exclusiveMinimum: <number>`; ajv reads
 * `nullable` itself, except on an enum or without a `type`.
 */
export function toDraft7<T>(value: T): T {
  if (Array.isArray(value)) return value.map(toDraft7) as T;
  if (!value || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    copy[key] = key === "enum" || key === "const" ? v : toDraft7(v);
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof copy[exclusive] !== "boolean") continue;
    if (copy[exclusive] === true) copy[exclusive] = copy[bound];
    else delete copy[exclusive];
    if (copy[exclusive] !== undefined) delete copy[bound];
  }
  // In 3.0, `nullable` admits null whatever the `enum` lists; in draft 7 the enum must list it.
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null))
    copy.enum = [...copy.enum, null];
  // ajv reads `nullable` only beside a `type`; a nullable union (`anyOf`) becomes "that or null".
  if (copy.nullable === true && copy.type === undefined) {
    delete copy.nullable;
    return { anyOf: [copy, { type: "null" }] } as T;
  }
  return copy as T;
}
