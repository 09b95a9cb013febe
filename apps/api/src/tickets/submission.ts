/**
 * Reads a form that may carry files: multipart/form-data (fields and files) or plain JSON.
 * Fields are then checked with a contract schema; failures answer 422 with `errors` per field,
 * exactly like the schema validation of JSON routes.
 */
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../http/errors";

export type UploadedFile = { fieldName: string; fileName: string; data: Buffer; truncated: boolean };
export type Submission = {
  fields: Record<string, unknown>;
  files: UploadedFile[];
  /** More files than even the parser's hard cap: certainly too many. */
  tooManyFiles: boolean;
};

const HARD_FILE_CAP = 10;

export async function readSubmission(
  request: FastifyRequest,
  options: { maxFileBytes: number },
): Promise<Submission> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === "object" ? (body as Record<string, unknown>) : {},
      files: [],
      tooManyFiles: false,
    };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let tooManyFiles = false;
  try {
    // Oversized files are cut and flagged (truncated) instead of failing the request, so the
    // caller can answer which file is too large. (The option is read at run time; the types miss it.)
    const parts = request.parts({
      limits: { files: HARD_FILE_CAP, fileSize: options.maxFileBytes, fields: 20, fieldSize: 64 * 1024 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest["parts"]>[0]);
    for await (const part of parts) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        files.push({
          fieldName: part.fieldname,
          fileName: part.filename,
          data,
          truncated: part.file.truncated,
        });
      } else {
        const name = part.fieldname.replace(/\[\]$/, "");
        fields[name] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") tooManyFiles = true;
    else if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError("payload_too_large");
    else throw new AppError("bad_request");
  }
  return { fields, files, tooManyFiles };
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
