/**
 * Typed errors: services throw AppError with a code; the one error handler (http/error-handler.ts)
 * maps the code to an HTTP status and to the body shapes of spec section 8.
 */
import type { MessageParams } from "@aprendo/contract";
import { messageKey } from "@aprendo/contract";

export const errorStatus = {
  bad_request: 400,
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

const defaultMessages: Record<ErrorCode, string> = {
  bad_request: "error.invalidBody",
  validation: "validation.invalid",
  unauthenticated: "error.unauthenticated",
  forbidden: "error.forbidden",
  not_found: "error.notFound",
  conflict: "error.conflict",
  payload_too_large: "error.payloadTooLarge",
  unsupported_media: "error.unsupportedMedia",
  rate_limited: "error.rateLimited",
  unavailable: "error.databaseUnavailable",
  internal: "error.somethingWrong",
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field errors, `{ field: [message keys] }`, answered as `errors`. */
  readonly fields: Record<string, string[]> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { params?: MessageParams; fields?: Record<string, string[]> } = {},
  ) {
    super(messageKey(message ?? defaultMessages[code], options.params));
    this.code = code;
    this.status = errorStatus[code];
    this.fields = options.fields;
  }

  /** One invalid field, answered as `{ errors: { field: [message] } }` with status 422. */
  static field(field: string, message: string, params?: MessageParams): AppError {
    return new AppError("validation", message, { fields: { [field]: [messageKey(message, params)] } });
  }
}

export const notFound = (message = "error.notFound") => new AppError("not_found", message);
export const forbidden = (message = "error.forbidden") => new AppError("forbidden", message);
