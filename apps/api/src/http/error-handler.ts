/**
 * One error handler for the whole API. Bodies follow spec section 8: `{ message }` for a general
 * error, `{ message, errors: { field: [messages] } }` for invalid fields, always translated.
 * 5xx answers never show internals; they are logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "./errors";

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names no possible resource (an id of 0, "abc" or beyond PostgreSQL's integer
      // range) is not found, like any other id nobody holds; field errors are for what the caller fills in.
      if (error.validationContext === "params")
        return reply.status(404).send({ message: request.t("error.notFound") });
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        errors[field] = [...(errors[field] ?? []), request.t(issue.message ?? "validation.invalid")];
      }
      const first = Object.values(errors)[0]?.[0] ?? request.t("validation.invalid");
      return reply.status(422).send({ message: first, errors });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.status(500).send({ message: request.t("error.somethingWrong") });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: rateLimitMessage(request, reply) });
    if (status === 413) return reply.status(413).send({ message: request.t("error.payloadTooLarge") });
    if (status === 415) return reply.status(415).send({ message: request.t("error.unsupportedMedia") });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad content type...) get a translated general message.
      return reply
        .status(status)
        .send({ message: request.t(status === 404 ? "error.notFound" : "error.invalidBody") });
    }
    if (isUnstorableText(error)) {
      // A NUL byte (or another character PostgreSQL text cannot hold) in some field: the caller's fault.
      return reply.status(422).send({ message: request.t("validation.invalidCharacters") });
    }
    if (isOutOfRange(error)) {
      // A number or date beyond what its column holds. The contract's bounds should have refused it
      // before the handler ran, so this is logged as a gap to close; the caller still gets a 422.
      request.log.warn(
        { err: error, route: request.routeOptions.url },
        "value out of range reached the database",
      );
      return reply.status(422).send({ message: request.t("validation.invalid") });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.status(503).send({ message: request.t("error.databaseUnavailable") });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: request.t("error.somethingWrong") });
  });
}

function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.status >= 500) request.log.error({ err: error }, "service error");
  if (error.fields) {
    const errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, list]) => [field, list.map((m) => request.t(m))]),
    );
    return reply
      .status(error.status)
      .send({ message: Object.values(errors)[0]?.[0] ?? request.t(error.message), errors });
  }
  return reply.status(error.status).send({ message: request.t(error.message) });
}

function rateLimitMessage(request: FastifyRequest, reply: FastifyReply): string {
  const retry = Number(reply.getHeader("retry-after") ?? 60);
  return request.t(`error.rateLimited?seconds=${Number.isFinite(retry) ? retry : 60}`);
}

/** A PostgreSQL error code on the error or on what it wraps (Drizzle keeps the driver's error as `cause`). */
function hasDatabaseCode(error: unknown, codes: ReadonlySet<string>, depth = 0): boolean {
  if (!error || depth > 3) return false;
  const code = (error as { code?: string }).code;
  return (
    (code !== undefined && codes.has(code)) ||
    hasDatabaseCode((error as { cause?: unknown }).cause, codes, depth + 1)
  );
}

/** 22021: invalid byte sequence (a NUL in text); 22P05: untranslatable character (a \u0000 in jsonb). */
const unstorableTextCodes = new Set(["22021", "22P05"]);
const isUnstorableText = (error: unknown) => hasDatabaseCode(error, unstorableTextCodes);

/** 22003: numeric value out of range; 22008: datetime field overflow. */
const outOfRangeCodes = new Set(["22003", "22008"]);
const isOutOfRange = (error: unknown) => hasDatabaseCode(error, outOfRangeCodes);

const connectionCodes = new Set(["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08001", "08003"]);
/** A lost or refused database connection, seen through Drizzle's wrapping (`cause`) of the driver error. */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || depth > 3) return false;
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? "";
  return (
    (code !== undefined && connectionCodes.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(message) ||
    isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1)
  );
}
