/**
 * Fuzzing helpers for the OpenAPI document the app generates (quality/fuzz.test.ts): fast-check
 * arbitraries derived from its JSON schemas (values that should pass), the hostile values a caller
 * can send instead, and the bodies and URLs built from them.
 */
import fc from "fast-check";
import { type JsonSchema, type OpenApiDocument, resolve } from "./openapi-document";

/** The largest PostgreSQL integer, and the hostile numbers around it and JavaScript's limits. */
const maxInt = 2_147_483_647;
export const boundaryIds: unknown[] = [maxInt + 1, 0, 2 ** 53 - 1, -1, "abc", "1e3", "%00"];

/** What a hostile or careless caller puts in a field instead of what the schema says. */
export const hostileValues: unknown[] = [
  null,
  true,
  "yes",
  "true",
  "",
  "abc",
  0,
  -1,
  1.5,
  maxInt + 1,
  -(maxInt + 2),
  2 ** 53 - 1,
  1e308,
  "2147483648",
  "x".repeat(100_000),
  [],
  [null],
  {},
  { nested: { deeper: [1, "two"] } },
  "\u0000",
  "0020-01-01T00:00:00Z",
  "275760-09-13",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "🤖".repeat(3),
];

/** Query-string text that a schema's number, id, boolean or enum must refuse (or ignore). */
export const hostileQueryValues: string[] = [
  "",
  "abc",
  "-1",
  "0",
  "1.5",
  "2147483648",
  "9007199254740991",
  "1e400",
  "true",
  "yes",
  "x".repeat(5_000),
  "\u0000",
  "0020-01-01",
  "%",
];

/** Raw bodies no JSON route can take. */
export const malformedBodies: { payload: string; contentType: string }[] = [
  { payload: "", contentType: "application/json" },
  { payload: "{", contentType: "application/json" },
  { payload: "null", contentType: "application/json" },
  { payload: "[]", contentType: "application/json" },
  { payload: '"text"', contentType: "application/json" },
  { payload: "hello", contentType: "text/plain" },
  { payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
  { payload: `{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}}`, contentType: "application/json" },
];

const small = (min: number, max: number) =>
  // Small ids are the ones that exist in a fresh database: weigh them, so valid inputs reach rows.
  fc.oneof(
    { arbitrary: fc.integer({ min, max: Math.min(max, min + 9) }), weight: 3 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + 1;
  if (schema.exclusiveMinimum === true && schema.minimum !== undefined) return schema.minimum + 1;
  return schema.minimum;
}
function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === "number") return schema.exclusiveMaximum - 1;
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined) return schema.maximum - 1;
  return schema.maximum;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 300));
  switch (schema.format) {
    case "date":
      return fc
        .date({ min: new Date("1950-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("1950-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "email":
      return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
    case "uri":
    case "url":
      return fc.webUrl();
    case "uuid":
      return fc.uuid();
    case "binary":
      return fc.string();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength);
    } catch {
      // A pattern fast-check cannot generate from: plain text (the route then answers 422).
    }
  }
  return fc.string({ minLength, maxLength });
}

/**
 * Values that match the schema (as far as a JSON schema says: refinements the contract makes in code,
 * like "the end after the start", are not in the document, so some of these are refused with 422).
 */
export function arbitraryFor(
  document: OpenApiDocument,
  schema: JsonSchema | undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  const resolved = resolve(document, schema);
  const base = arbitraryOfType(document, resolved, depth);
  return resolved.nullable ? fc.option(base, { nil: null, freq: 8 }) : base;
}

function arbitraryOfType(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  // The first choice weighs most: the contract lists the natural form first (an id's number
  // before its digits as text), so generated ids mostly name the small ids that exist.
  if (choices?.length)
    return fc.oneof(
      ...choices.map((c, index) => ({
        arbitrary: arbitraryFor(document, c, depth + 1),
        weight: index === 0 ? 3 : 1,
      })),
    );
  if (schema.allOf?.length) return arbitraryFor(document, schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringArbitrary(schema);
    case "integer": {
      const min = Math.max(lowerBound(schema) ?? -1000, -(2 ** 31));
      const max = Math.min(upperBound(schema) ?? 1_000_000, 2 ** 31);
      return min > max ? fc.constant(min) : small(min, max);
    }
    case "number": {
      const min = lowerBound(schema) ?? -1e6;
      const max = upperBound(schema) ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryFor(document, schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength:
          depth > 3
            ? (schema.minItems ?? 0)
            : Math.min(schema.maxItems ?? 3, Math.max(3, schema.minItems ?? 0)),
      });
    case "object":
    case undefined: {
      if (schema.properties) {
        const required = schema.required ?? [];
        return fc.record(
          Object.fromEntries(
            Object.entries(schema.properties).map(([k, v]) => [k, arbitraryFor(document, v, depth + 1)]),
          ),
          { requiredKeys: required.filter((k) => k in (schema.properties ?? {})) },
        );
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === "object")
        return fc.dictionary(
          fc.string({ minLength: 1, maxLength: 10 }),
          arbitraryFor(document, schema.additionalProperties, depth + 1),
          { maxKeys: 3 },
        );
      return type === "object" ? fc.constant({}) : fc.jsonValue({ maxDepth: 2 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A valid value with one field swapped for a hostile one or dropped: a top-level field (or one the
 * schema does not know), or a field nested in an object or a list item (a cart line's id), or the
 * whole value replaced.
 */
export function hostileVariant(
  document: OpenApiDocument,
  schema: JsonSchema | undefined,
): fc.Arbitrary<unknown> {
  const valid = arbitraryFor(document, schema);
  const resolved = schema ? resolve(document, schema) : undefined;
  const keys = Object.keys(resolved?.properties ?? {});
  const hostile = fc.constantFrom(...hostileValues);
  if (keys.length === 0) return hostile;
  return fc.oneof(
    { arbitrary: hostile, weight: 1 },
    {
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom(...keys, "unexpected_field"), hostile, fc.boolean())
        .map(([value, pick, extra, bad, drop]) => {
          const copy = structuredClone(value) as Record<string, unknown>;
          const fields = [...fieldsOf(copy), { parent: copy, key: extra }];
          const { parent, key } = fields[pick % fields.length]!;
          if (drop) delete parent[key];
          else parent[key] = bad;
          return copy;
        }),
      weight: 5,
    },
  );
}

/** Every field of a JSON value down to three levels, as (object holding it, key). */
function fieldsOf(value: unknown, depth = 0): { parent: Record<string, unknown>; key: string }[] {
  if (depth > 3 || !value || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((item) => fieldsOf(item, depth + 1));
  const record = value as Record<string, unknown>;
  return Object.keys(record).flatMap((key) => [{ parent: record, key }, ...fieldsOf(record[key], depth + 1)]);
}

/** The text a value has in a URL (path or query). */
export function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A multipart/form-data body from text fields and files. */
export function multipartBody(fields: Record<string, unknown>, files: Record<string, Uint8Array>) {
  const boundary = "----aprendo-fuzz-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
    );
  }
  for (const [name, data] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      Buffer.from(data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** File contents: random bytes, and the first bytes of the types the upload routes accept. */
export const fileArbitrary: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }),
  fc.constantFrom(
    Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF"),
    new TextEncoder().encode("question,option_1,option_2\nWhat?,a,b\n"),
    new Uint8Array(0),
  ),
);
