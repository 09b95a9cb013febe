/**
 * The auth calls of spec section 7 (thin: schema, limits, one service call, answer). Login, the SMS
 * step, tokens and the current user are here; registration and password reset have their own
 * route files, registered below (the account calls are in accounts/accounts.routes.ts).
 */
import {
  authMessageResponse,
  fieldErrorsBody,
  loginRefusedBody,
  loginRequest,
  loginResponse,
  messageBody,
  messageKey,
  parseLoginIdentifier,
  phoneCodeSentResponse,
  phoneResendRequest,
  phoneUpdateRequest,
  phoneVerifyRequest,
  phoneVerifyResponse,
  refreshResponse,
  userSchema,
} from "@aprendo/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { authPolicy, refusalMessage } from "./auth.policy";
import { completePhoneStep, invalidCredentials, logIn } from "./login.service";
import { LOGIN_FAILURE_LIMIT } from "./login-lock";
import { describeCurrentUser } from "./me.service";
import { passwordResetRoutes } from "./password-reset.routes";
import { changePhone, resendPhoneCode } from "./phone.service";
import { authLimits, keyedLimiter, tooMany } from "./rate-limits";
import { registrationRoutes } from "./registration.routes";
import {
  clearRefreshCookie,
  endSession,
  type IssuedSession,
  refreshCookieOf,
  revokeFamily,
  rotateSession,
  sessionIdOf,
  setRefreshCookie,
} from "./sessions";

const tags = ["auth"];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Refresh and logout have no body; clients that always send "Content-Type: application/json"
  // with an empty body are accepted (Fastify's default parser would answer 400).
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text === "") return done(null, undefined);
    defaultJson(request, text, done);
  });
  const userAgent = (request: FastifyRequest) => request.headers["user-agent"];

  const answerSession = (reply: FastifyReply, session: IssuedSession) => {
    setRefreshCookie(reply, deps.config, session.refreshToken);
    return {
      access_token: session.accessToken,
      token_type: "Bearer" as const,
      expires_in: session.expiresIn,
    };
  };

  // Failed logins are counted per account in the database (auth/login-lock.ts), whatever identifier
  // was typed. An identifier that names no account gets the same limit here, per typed value, so
  // the 429 tells nothing about which identifiers exist.
  const unknownLoginFailures = keyedLimiter(app, {
    name: "login-failures",
    max: LOGIN_FAILURE_LIMIT,
    timeWindow: "15 minutes",
    key: (request) => {
      const login = (request.body as { login?: string } | undefined)?.login ?? "";
      return (parseLoginIdentifier(login)?.value ?? login).toLowerCase();
    },
  });

  app.post(
    "/auth/login",
    {
      config: authLimits.login,
      schema: {
        tags,
        summary: "Log in with username, email or phone number and password",
        body: loginRequest,
        response: { 200: loginResponse, 401: messageBody, 403: loginRefusedBody, 422: fieldErrorsBody },
      },
    },
    async (request, reply) => {
      await unknownLoginFailures.check(request, reply);
      const identifier = parseLoginIdentifier(request.body.login);
      if (!identifier) throw AppError.field("login", "auth.loginInvalid");
      const outcome = await logIn(deps, identifier, request.body.password, userAgent(request));
      if (outcome.kind === "unknown") {
        await unknownLoginFailures.count(request);
        throw invalidCredentials();
      }
      if (outcome.kind === "locked") throw tooMany(reply, outcome.seconds);
      if (outcome.kind === "refused")
        return reply
          .status(403)
          .send({ message: request.t(refusalMessage[outcome.reason]), reason: outcome.reason });
      if (outcome.kind === "phone")
        return { phone_verification_required: true as const, phone_verification: outcome.step };
      return answerSession(reply, outcome.session);
    },
  );

  app.post(
    "/auth/phone/verify",
    {
      config: authLimits.phoneVerify,
      schema: {
        tags,
        summary: "The SMS code of the login or registration step; logs in when the account may",
        body: phoneVerifyRequest,
        response: { 200: phoneVerifyResponse, 403: loginRefusedBody },
      },
    },
    async (request, reply) => {
      const outcome = await completePhoneStep(
        deps,
        request.body.ticket,
        request.body.code,
        userAgent(request),
      );
      if (outcome.kind === "verified") {
        if (outcome.reason !== "email_unverified" && outcome.reason !== "guardian_unconfirmed")
          return reply
            .status(403)
            .send({ message: request.t(refusalMessage[outcome.reason]), reason: outcome.reason });
        const message =
          outcome.reason === "email_unverified"
            ? "auth.phoneVerifiedLoginLater"
            : refusalMessage[outcome.reason];
        return {
          message: request.t(message),
          access_token: null,
          token_type: "Bearer" as const,
          expires_in: 0,
        };
      }
      return { message: request.t("auth.phoneVerified"), ...answerSession(reply, outcome.session) };
    },
  );

  app.post(
    "/auth/phone/verify/resend",
    {
      config: authLimits.phoneResend,
      schema: {
        tags,
        summary: "A new SMS code (60 s after the last one)",
        body: phoneResendRequest,
        response: { 200: phoneCodeSentResponse },
      },
    },
    async (request) => {
      const step = await resendPhoneCode(deps, request.body.ticket);
      return {
        message: request.t(messageKey("auth.codeSent", { phone: step.phone })),
        phone_verification: step,
      };
    },
  );

  app.post(
    "/auth/phone/update",
    {
      config: authLimits.phoneUpdate,
      schema: {
        tags,
        summary: "Another phone number for the SMS step; a code is sent there",
        body: phoneUpdateRequest,
        response: { 200: phoneCodeSentResponse },
      },
    },
    async (request) => {
      const step = await changePhone(deps, request.body.ticket, request.body.phone);
      return {
        message: request.t(messageKey("auth.codeSent", { phone: step.phone })),
        phone_verification: step,
      };
    },
  );

  app.post(
    "/auth/refresh",
    {
      config: authLimits.refresh,
      schema: {
        tags,
        summary: "A new access token for the refresh-token cookie (rotated)",
        response: { 200: refreshResponse, 401: messageBody },
      },
    },
    async (request, reply) => {
      const raw = refreshCookieOf(request);
      const session = raw ? await rotateSession(deps.db, deps.config, raw, userAgent(request)) : null;
      if (!session) {
        clearRefreshCookie(reply, deps.config);
        throw new AppError("unauthenticated", "auth.sessionExpired");
      }
      return answerSession(reply, session);
    },
  );

  app.post(
    "/auth/logout",
    {
      config: authLimits.logout,
      schema: {
        tags,
        summary: "Ends this session (cookie and access token)",
        response: { 200: authMessageResponse },
      },
    },
    async (request, reply) => {
      const raw = refreshCookieOf(request);
      if (raw) await endSession(deps.db, raw);
      const sessionId = await sessionIdOf(request, deps.config);
      if (sessionId) await revokeFamily(deps.db, sessionId);
      clearRefreshCookie(reply, deps.config);
      return { message: request.t("auth.loggedOut") };
    },
  );

  app.get(
    "/auth/me",
    {
      config: authLimits.me,
      onRequest: app.authorize(authPolicy, "readSelf"),
      schema: {
        tags,
        summary: "The current user (spec section 3)",
        security: [{ bearer: [] }],
        response: { 200: userSchema },
      },
    },
    async (request) => describeCurrentUser(deps.db, currentUser(request)),
  );

  await app.register(registrationRoutes);
  await app.register(passwordResetRoutes);
};
