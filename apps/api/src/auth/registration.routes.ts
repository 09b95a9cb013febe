/** Registration, the email and guardian links, and their resend (spec section 7). */
import {
  authMessageResponse,
  messageKey,
  parseLoginIdentifier,
  registerRequest,
  registerResponse,
  resendRequest,
  verifyAgeRequest,
  verifyRequest,
  verifyResponse,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import { authLimits, keyedLimiter } from "./rate-limits";
import {
  register,
  resendGuardianLink,
  resendVerification,
  verifyAge,
  verifyEmail,
} from "./registration.service";

const tags = ["auth"];

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const loginOf = (request: FastifyRequest) => {
    const login = (request.body as { login?: string } | undefined)?.login ?? "";
    return (parseLoginIdentifier(login)?.value ?? login).toLowerCase();
  };
  // Per account: 3 resend requests in 15 minutes (on top of one mail a minute per account).
  const resendPerAccount = keyedLimiter(app, {
    name: "resend",
    max: 3,
    timeWindow: "15 minutes",
    key: loginOf,
  });
  const parentResendPerAccount = keyedLimiter(app, {
    name: "parent-resend",
    max: 3,
    timeWindow: "15 minutes",
    key: loginOf,
  });

  app.post(
    "/auth/register",
    {
      config: authLimits.register,
      schema: {
        tags,
        summary: "Create a learner account (a child's needs the guardian's confirmation)",
        body: registerRequest,
        response: { 201: registerResponse },
      },
    },
    async (request, reply) => {
      const result = await register(deps, request.body, request.language);
      return reply.status(201).send({
        message: request.t(messageKey(result.messageKey, { identity: result.identity })),
        identity: result.identity,
        username: result.username,
        requires_guardian: result.requiresGuardian,
        phone_verification: result.phoneStep,
      });
    },
  );

  app.post(
    "/auth/verify",
    {
      config: authLimits.link,
      schema: {
        tags,
        summary: "Verify the email address (token of the mailed link)",
        body: verifyRequest,
        response: { 200: verifyResponse },
      },
    },
    async (request) => {
      const { user, messageKey: key } = await verifyEmail(deps, request.body.token);
      return { message: request.t(key), username: user.username };
    },
  );

  app.post(
    "/auth/verify-age",
    {
      config: authLimits.link,
      schema: {
        tags,
        summary: "The guardian confirms a child's account (token of the mailed link)",
        body: verifyAgeRequest,
        response: { 200: verifyResponse },
      },
    },
    async (request) => {
      const user = await verifyAge(deps, request.body.token);
      return { message: request.t("auth.ageVerified"), username: user.username };
    },
  );

  app.post(
    "/auth/verify/resend",
    {
      config: authLimits.resend,
      schema: {
        tags,
        summary: "Send the verification link again (never tells whether the account exists)",
        body: resendRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request, reply) => {
      await resendPerAccount.hit(request, reply);
      const identifier = parseLoginIdentifier(request.body.login);
      if (!identifier) throw AppError.field("login", "auth.loginInvalid");
      await resendVerification(deps, identifier);
      return { message: request.t("auth.verifyResent") };
    },
  );

  app.post(
    "/auth/verify/parent/resend",
    {
      config: authLimits.resend,
      schema: {
        tags,
        summary: "Send the guardian's confirmation link again (never tells whether the account exists)",
        body: resendRequest,
        response: { 200: authMessageResponse },
      },
    },
    async (request, reply) => {
      await parentResendPerAccount.hit(request, reply);
      const identifier = parseLoginIdentifier(request.body.login);
      if (!identifier) throw AppError.field("login", "auth.loginInvalid");
      await resendGuardianLink(deps, identifier);
      return { message: request.t("auth.parentResent") };
    },
  );
};
