/** Certificate routes: the learner's list and PDF (gated), administrators' search and revoke, the public check. */
import {
  adminCertificateList,
  adminCertificateQuery,
  certificateItem,
  certificateList,
  certificateVerification,
  idParam,
  messageBody,
  revokeInput,
} from "@aprendo/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badgeImage, bake } from "../credentials/badge-image.service";
import { credentialSource, signedCredential } from "../credentials/credential.service";
import { credentialRoutes } from "../credentials/credentials.routes";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { loadProfileRows, missingSteps } from "../profile/profile.service";
import { certificatePdf } from "./certificates.pdf";
import { certificatesPolicy } from "./certificates.policy";
import * as certs from "./certificates.service";

const tags = ["certificates"];
const security = [{ bearer: [] }];
const params = z.object({ id: idParam });

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const learner = app.authorize(certificatesPolicy, "readOwn");
  const admin = app.authorize(certificatesPolicy, "manage");

  const gate = async (userId: number) => missingSteps(await loadProfileRows(db, userId));

  await app.register(credentialRoutes);

  /**
   * A certificate's PDF in the reader's language, never cached: the learner downloads theirs, an
   * administrator opens it in the browser (`inline`).
   */
  const sendPdf = async (
    reply: FastifyReply,
    row: NonNullable<Awaited<ReturnType<typeof certs.certificateWithLearner>>>,
    lang: "en" | "es",
    disposition: "attachment" | "inline",
  ) => {
    const pdf = await certificatePdf({
      brand: config.brandName,
      learner: certs.learnerName(row),
      item: lang === "es" ? row.cert.itemTitleEs : row.cert.itemTitleEn,
      kind: row.cert.kind,
      issuedAt: row.cert.issuedAt,
      code: row.cert.code,
      url: certs.verifyUrl(config.publicUrl, row.cert.code),
      lang,
      revoked: row.cert.revokedAt !== null,
    });
    reply.header("content-type", "application/pdf");
    reply.header("cache-control", "private, no-store");
    reply.header("content-disposition", `${disposition}; filename="certificate-${row.cert.code}.pdf"`);
    return reply.send(pdf);
  };

  /** The learner's own certificate as a signed Open Badges credential (the same gate as the PDF). */
  const ownCredential = async (userId: number, id: number, lang: "en" | "es") => {
    await certs.ownCertificate(db, userId, id);
    if ((await gate(userId)).length) throw new AppError("forbidden", "certificates.locked");
    const source = (await credentialSource(db, id))!;
    return { source, ...(await signedCredential(db, source, lang, config)) };
  };
  const download = (format: "json" | "jwt" | "png") => ({
    onRequest: learner,
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    schema: {
      tags,
      security,
      params,
      summary:
        format === "png"
          ? "Download my certificate as a baked Open Badges 3.0 PNG (needs a complete, verified profile)"
          : `Download my certificate as an Open Badges 3.0 credential (.${format})`,
    },
  });
  const send = (reply: FastifyReply, type: string, name: string, body: string | Buffer) => {
    reply.header("content-type", type);
    reply.header("cache-control", "private, no-store");
    reply.header("content-disposition", `attachment; filename="${name}"`);
    return reply.send(body);
  };
  app.get("/iu/certificates/:id/credential.json", download("json"), async (request, reply) => {
    const c = await ownCredential(currentUser(request).id, request.params.id, request.language);
    return send(
      reply,
      "application/vc+ld+json",
      `certificate-${c.source.code}.json`,
      JSON.stringify(c.json, null, 2),
    );
  });
  app.get("/iu/certificates/:id/credential.jwt", download("jwt"), async (request, reply) => {
    const c = await ownCredential(currentUser(request).id, request.params.id, request.language);
    return send(reply, "application/vc+jwt", `certificate-${c.source.code}.jwt`, c.jwt);
  });
  app.get("/iu/certificates/:id/badge.png", download("png"), async (request, reply) => {
    const c = await ownCredential(currentUser(request).id, request.params.id, request.language);
    return send(reply, "image/png", `badge-${c.source.code}.png`, bake(badgeImage(), c.jwt));
  });

  app.get(
    "/iu/certificates",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "My certificates (locked until the profile is complete and verified)",
        response: { 200: certificateList },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Catch up anything earned before the hooks existed (idempotent).
      await certs.issueDueCertificates({ db }, user.id);
      const missing = await gate(user.id);
      const rows = await certs.listOwn(db, user.id);
      const taught = await certs.taughtLanguages(
        db,
        rows.map((r) => r.courseId),
      );
      return {
        data: rows.map((r) =>
          certs.presentCertificate(r, request.language, config.publicUrl, taught.get(r.courseId)),
        ),
        locked: missing.length > 0,
        missing,
      };
    },
  );

  app.get(
    "/iu/certificates/:id",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        params,
        summary: "One of my certificates",
        response: { 200: certificateItem },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await certs.ownCertificate(db, user.id, request.params.id);
      if ((await gate(user.id)).length) throw new AppError("forbidden", "certificates.locked");
      const taught = await certs.taughtLanguages(db, [row.courseId]);
      return certs.presentCertificate(row, request.language, config.publicUrl, taught.get(row.courseId));
    },
  );

  app.get(
    "/iu/certificates/:id/pdf",
    {
      onRequest: learner,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        params,
        summary: "Download my certificate as PDF (needs a complete, verified profile)",
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await certs.ownCertificate(db, user.id, request.params.id);
      if ((await gate(user.id)).length) throw new AppError("forbidden", "certificates.locked");
      const row = (await certs.certificateWithLearner(db, { id: request.params.id }))!;
      return sendPdf(reply, row, request.language, "attachment");
    },
  );

  app.get(
    "/certificates/verify/:code",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Public check of a certificate code: valid, revoked or unknown",
        params: z.object({ code: z.string().trim().max(64) }),
        response: { 200: certificateVerification },
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase();
      const row = /^[A-Z0-9]{8,32}$/.test(code) ? await certs.certificateWithLearner(db, { code }) : null;
      if (!row)
        return {
          status: "unknown" as const,
          code,
          learner_name: null,
          item: null,
          kind: null,
          issued_at: null,
          revoked_at: null,
          suspended_at: null,
        };
      return {
        status: row.cert.revokedAt
          ? ("revoked" as const)
          : row.cert.suspendedAt
            ? ("suspended" as const)
            : ("valid" as const),
        code,
        learner_name: certs.learnerName(row),
        ...certs.itemName(
          row.cert,
          request.language,
          (await certs.taughtLanguages(db, [row.cert.courseId])).get(row.cert.courseId),
        ),
        kind: row.cert.kind,
        issued_at: row.cert.issuedAt.toISOString(),
        revoked_at: row.cert.revokedAt?.toISOString() ?? null,
        suspended_at: row.cert.suspendedAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    "/af/certificates",
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "Search certificates (learner, item or code)",
        querystring: adminCertificateQuery,
        response: { 200: adminCertificateList },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await certs.adminSearch(db, q);
      const taught = await certs.taughtLanguages(
        db,
        rows.map((r) => r.cert.courseId),
      );
      const next = q.page * q.per_page < total;
      const url = new URLSearchParams({
        ...(q.q ? { q: q.q } : {}),
        ...(q.sort ? { sort: q.sort } : {}),
        status: q.status,
        page: String(q.page + 1),
        per_page: String(q.per_page),
      });
      return {
        data: rows.map((r) => ({
          ...certs.presentCertificate(
            r.cert,
            request.language,
            config.publicUrl,
            taught.get(r.cert.courseId),
          ),
          user_id: r.cert.userId,
          username: r.username,
          learner_name: certs.learnerName(r),
          revoke_reason: r.cert.revokeReason ?? r.cert.suspendReason,
        })),
        total,
        next_page_url: next ? `/api/af/certificates?${url}` : null,
      };
    },
  );

  app.get(
    "/af/certificates/:id/pdf",
    { onRequest: admin, schema: { tags, security, params, summary: "A certificate's PDF (administrators)" } },
    async (request, reply) => {
      const row = await certs.certificateWithLearner(db, { id: request.params.id });
      if (!row) throw new AppError("not_found", "certificates.notFound");
      return sendPdf(reply, row, request.language, "inline");
    },
  );

  app.post(
    "/af/certificates/:id/revoke",
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        params,
        body: revokeInput,
        summary: "Revoke a certificate (with a reason)",
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await certs.revoke(db, request.params.id, currentUser(request).id, request.body.reason);
      return { message: request.t("certificates.revoked") };
    },
  );

  app.post(
    "/af/certificates/:id/suspend",
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        params,
        body: revokeInput,
        summary: "Suspend a certificate (with a reason): verifiers see it suspended until reinstated",
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await certs.suspend(db, request.params.id, request.body.reason);
      return { message: request.t("certificates.suspended") };
    },
  );

  app.post(
    "/af/certificates/:id/reinstate",
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        params,
        summary: "Lift a certificate's suspension",
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await certs.reinstate(db, request.params.id);
      return { message: request.t("certificates.reinstated") };
    },
  );
};
