/** Password reset by mailed link or SMS code (spec section 7). */
import {
  authMessageResponse,
  messageKey,
  parseLoginIdentifier,
  passwordResetCheckRequest,
  passwordResetCheckResponse,
  passwordResetEmailUpdateRequest,
  passwordResetPhoneVerifyRequest,
  passwordResetPhoneVerifyResponse,
  passwordResetRequest,
  passwordResetRequestRequest,
  passwordResetRequestResponse,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import {
  checkReset,
  requestReset,
  resetPassword,
  updateEmailWithReset,
  verifyResetCode,
} from "./password-reset.service";
import { authLimits, keyedLimiter } from "./rate-limits";

const tags = ["auth"];

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const requestPerAccount = keyedLimiter(app, {
    name: "reset-request",
    max: 3,
    timeWindow: "15 minutes",
    key: (request) => {
      const login = (request.body as { login?: string } | undefined)?.login ?? "";
      return (parseLoginIdentifier(login)?.value ?? login).toLowerCase();
    },
  });
  const codePerPhone = keyedLimiter(app, {
    name: "reset-code",
    max: 10,
    timeWindow: "15 minutes",
    key: (request) => String((request.body as { phone?: string } | undefined)?.phone ?? ""),
  });

  app.post(
    "/auth/password-reset/request",
    {
      config: authLimits.resetRequest,
      schema: {
        tags,
        summary:
          "Mail a reset link, or SMS a code for a phone number (never tells whether the account exists)",
        body: passwordResetRequestRequest,
        response: { 200: passwordResetRequestResponse },
      },
    },
    async (request) => {
      const identifier = parseLoginIdentifier(request.body.login);
      if (!identifier) throw AppError.field("login", "auth.loginInvalid");
      // Over the per-account limit the answer stays the same and nothing is sent: the last link or
      // code sent is still valid, while a 429 would let anyone keep the owner from asking.
      const send = await requestPerAccount.take(request);
      const method = send
        ? await requestReset(deps, identifier)
        : identifier.kind === "phone"
          ? "sms"
          : "email";
      return {
        message: request.t(method === "sms" ? "auth.resetCodeRequested" : "auth.resetRequested"),
        method,
      };
    },
  );

  app.post(
    "/auth/password-reset/phone/verify",
    {
      config: authLimits.resetCode,
      schema: {
        tags,
        summary: "Exchange the SMS code for a reset token",
        body: passwordResetPhoneVerifyRequest,
        response: { 200: passwordResetPhoneVerifyResponse },
      },
    },
    async (request, reply) => {
      await codePerPhone.hit(request, reply);
      return { token: await verifyResetCode(deps, request.body.phone, request.body.code) };
    },
  );

  app.post(
    "/auth/password-reset/check",
    {
      config: authLimits.link,
      schema: {
        tags,
        summary: "Whether a reset token can still be used",
        body: passwordResetCheckRequest,
        response: { 200: passwordResetCheckResponse },
      },
    },
    async (request) => {
      await checkReset(deps, request.body.token);
      return { valid: true as const };
    },
  );

  app.put(
    "/auth/password-reset",
    {
      config: authLimits.resetWrite,
      schema: {
        tags,
        summary: "Set a new password with a reset token; ends every session",
        body: passwordResetRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return { message: request.t("auth.passwordReset") };
    },
  );

  app.post(
    "/auth/password-reset/email/update",
    {
      config: authLimits.resetWrite,
      schema: {
        tags,
        summary: "Replace a lost email address with a reset token (e.g. from the SMS code)",
        body: passwordResetEmailUpdateRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request) => {
      await updateEmailWithReset(deps, request.body.token, request.body.email);
      return { message: request.t(messageKey("auth.emailUpdated", { email: request.body.email })) };
    },
  );
};
