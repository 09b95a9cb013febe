/**
 * The errors the HTTP client throws (spec section 8). Callers show them with `showError` from
 * lib/toast; forms also read `fieldErrors` to put each server message under its field.
 */

/** `{ field: [messages] }` as the API answers invalid fields. */
export type FieldErrors = Record<string, string[]>;

/** The message of the third and fourth rules of spec section 8 (a portable key, translated when shown). */
export const somethingWentWrong = "error.somethingWrong";

/**
 * A failed call. `detail` is what the error IS under the rules of spec section 8:
 * 1. the response has a message: that message (with `status` and the response `body`);
 * 2. otherwise it has an errors object: that object;
 * 3. otherwise there was a response: "Something went wrong, please try again later" with its status;
 * 4. otherwise (no response, e.g. a timeout): the same text with status 503.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly body: unknown;
  readonly detail: string | FieldErrors;

  constructor(detail: string | FieldErrors, status: number, body: unknown = undefined) {
    super(typeof detail === "string" ? detail : (Object.values(detail).flat()[0] ?? somethingWentWrong));
    this.detail = detail;
    this.status = status;
    this.body = body;
  }

  /** The response's `errors` object, when it has one (rules 1 and 2), for mapping onto form fields. */
  get fieldErrors(): FieldErrors | null {
    if (typeof this.detail !== "string") return this.detail;
    const errors = (this.body as { errors?: unknown } | null | undefined)?.errors;
    return isFieldErrors(errors) ? errors : null;
  }
}

/**
 * A call dropped because the browser is offline: nothing is returned, the offline banner shakes,
 * and callers ignore it (showError shows nothing for it).
 */
export class OfflineError extends Error {
  override readonly name = "OfflineError";
  constructor() {
    super("offline");
  }
}

/** The refresh token was refused: the session is cleared and the page reloads; nothing to show. */
export class SessionEndedError extends Error {
  override readonly name = "SessionEndedError";
  constructor() {
    super("session ended");
  }
}

/** Errors that must not be shown to the person (offline shake or reload already say it). */
export function isSilentError(error: unknown): boolean {
  return error instanceof OfflineError || error instanceof SessionEndedError;
}

export function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => Array.isArray(v) || typeof v === "string")
  );
}

/** Applies the rules of spec section 8 to a response that is not OK. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const data = (typeof body === "object" && body !== null ? body : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  if (typeof data.message === "string" && data.message !== "")
    return new ApiError(data.message, status, body);
  if (isFieldErrors(data.errors)) {
    const errors = Object.fromEntries(
      Object.entries(data.errors).map(([field, list]) => [field, Array.isArray(list) ? list : [list]]),
    ) as FieldErrors;
    return new ApiError(errors, status, body);
  }
  return new ApiError(somethingWentWrong, status, body);
}

/** Rule 4: no response at all. */
export function errorWithoutResponse(): ApiError {
  return new ApiError(somethingWentWrong, 503);
}
