/**
 * Open Badges 3.0 for anyone: the issuer profile, the status lists, the badge image, the
 * JSON verification endpoint (a JWT, the JSON credential or a baked PNG), learners' opt-in public
 * pages; and, outside /api, the did:web document and the JWKS (`wellKnownRoutes`).
 */
import {
  credentialVerification,
  credentialVerifyInput,
  credentialVerifyQuery,
  messageBody,
  myPublicProfile,
  myPublicProfileSaved,
  publicProfile,
  publicProfileInput,
} from "@aprendo/contract";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { badgeImage } from "./badge-image.service";
import { CONTEXTS } from "./contexts";
import { didDocument, issuerProfile, jwks, STATUS_PURPOSES, statusListJwt } from "./credential.service";
import { credentialsPolicy } from "./credentials.policy";
import { signingKey } from "./keys";
import * as profiles from "./profiles.service";
import { verifyCredential, verifyCredentialJwt } from "./verification.service";

const tags = ["credentials"];
const security = [{ bearer: [] }];
const PUBLIC_CACHE = "public, max-age=300";

export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const learner = app.authorize(credentialsPolicy, "manageOwnProfile");

  app.get(
    "/credentials/issuer",
    {
      schema: {
        tags,
        summary: "The issuer's Open Badges 3.0 profile",
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return {
        "@context": CONTEXTS,
        ...issuerProfile(config),
      };
    },
  );

  app.get(
    "/credentials/badge.png",
    { schema: { tags, summary: "The badge image (unbaked)" } },
    async (_request, reply) => {
      reply.header("content-type", "image/png");
      reply.header("cache-control", "public, max-age=86400");
      return reply.send(badgeImage());
    },
  );

  app.get(
    "/credentials/status/:purpose",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "A Bitstring Status List credential (revocation or suspension), as a VC-JWT",
        params: z.object({ purpose: z.enum(STATUS_PURPOSES) }),
      },
    },
    async (request, reply) => {
      const jwt = await statusListJwt(db, request.params.purpose, config);
      reply.header("content-type", "application/vc+jwt");
      // Short: a revocation reaches verifiers within a minute.
      reply.header("cache-control", "public, max-age=60");
      return reply.send(jwt);
    },
  );

  const verifySchema = { tags, response: { 200: credentialVerification } };
  app.post(
    "/credentials/verify",
    {
      bodyLimit: 3 * 1024 * 1024,
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        ...verifySchema,
        summary: "Verify a credential: a JWT, the JSON credential or a baked PNG (base64)",
        body: credentialVerifyInput,
      },
    },
    async (request) => verifyCredential(db, config.publicUrl, request.body, request.language),
  );
  app.get(
    "/credentials/verify",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        ...verifySchema,
        summary: "Verify a credential given as a compact JWT",
        querystring: credentialVerifyQuery,
      },
    },
    async (request) => verifyCredentialJwt(db, config.publicUrl, request.query.jwt, request.language),
  );

  app.get(
    "/certificates/profiles/:handle",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "A learner's public certificates page (only when they turned it on)",
        params: z.object({ handle: z.string().trim().toLowerCase().max(40) }),
        response: { 200: publicProfile },
      },
    },
    async (request) => {
      const page = await profiles.publicPage(db, request.params.handle, request.language, config.publicUrl);
      if (!page) throw new AppError("not_found", "credentials.profileNotFound");
      return page;
    },
  );

  app.get(
    "/iu/certificates-profile",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "My public certificates page (its address, or off)",
        response: { 200: myPublicProfile },
      },
    },
    async (request) => profiles.mine(db, currentUser(request).id, config.publicUrl),
  );
  app.put(
    "/iu/certificates-profile",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Turn on my public certificates page at an address",
        body: publicProfileInput,
        response: { 200: myPublicProfileSaved },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await profiles.save(db, user.id, request.body.handle);
      return {
        ...(await profiles.mine(db, user.id, config.publicUrl)),
        message: request.t("credentials.profileSaved"),
      };
    },
  );
  app.delete(
    "/iu/certificates-profile",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Turn off my public certificates page",
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await profiles.remove(db, currentUser(request).id);
      return { message: request.t("credentials.profileRemoved") };
    },
  );
};

/** /.well-known/did.json (did:web of PUBLIC_URL) and /.well-known/jwks.json: every key ever used. */
export const wellKnownRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  app.get("/.well-known/did.json", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", PUBLIC_CACHE);
    reply.header("access-control-allow-origin", "*");
    // Never an empty document: the first key is made on first use, whoever asks first.
    await signingKey(db, config.credentialSecrets);
    return didDocument(db, config.publicUrl);
  });
  app.get("/.well-known/jwks.json", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", PUBLIC_CACHE);
    reply.header("access-control-allow-origin", "*");
    await signingKey(db, config.credentialSecrets);
    return jwks(db);
  });
};
