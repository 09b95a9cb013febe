/**
 * Reads a form that may carry files: multipart/form-data (fields and files) or plain JSON.
 * Fields are then checked with a contract schema; failures answer 422 with `errors` per field,
 * exactly like the schema validation of JSON routes.
 */
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "./errors";
import { type ReceivedFile, receiveMultipart } from "./multipart";

export type UploadedFile = ReceivedFile;
export type Submission = {
  fields: Record<string, unknown>;
  files: UploadedFile[];
  /** More files than even the parser's hard cap: certainly too many. */
  tooManyFiles: boolean;
};

const HARD_FILE_CAP = 10;

/**
 * `tooLarge` answers a file over `maxFileBytes` (413): the limit is judged on the bytes received,
 * before any file is looked at (http/multipart.ts).
 */
export async function readSubmission(
  request: FastifyRequest,
  options: { maxFileBytes: number; tooLarge: (fileName: string | null) => AppError },
): Promise<Submission> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === "object" ? (body as Record<string, unknown>) : {},
      files: [],
      tooManyFiles: false,
    };
  }
  return receiveMultipart(request, {
    maxFileBytes: options.maxFileBytes,
    maxFiles: HARD_FILE_CAP,
    maxFields: 20,
    maxFieldBytes: 64 * 1024,
    tooLarge: options.tooLarge,
  });
}

/** Parses fields with a contract schema, answering 422 `{ errors: { field: [...] } }` on failure. */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const first = Object.values(errors)[0]?.[0];
  throw new AppError("validation", first, { fields: errors });
}
