/**
 * The learner's profile routes: the profile (/iu/profile), photo and identity uploads, the review queue
 * (/af/pending-approval-requests, isUserManager) and certificates (learner, admin and public check).
 */
import {
  contactConfirmInput,
  idParam,
  messageBody,
  type ProfileBody,
  pendingReviewList,
  profileBody,
  profileInput,
  profileSaveBody,
  reviewInput,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { certificateRoutes } from "../certificates/certificates.routes";
import { currentUser } from "../http/authenticate";
import { sendStoredFile } from "../http/send-file";
import * as verification from "../verification/verification.service";
import { profilePolicy } from "./profile.policy";
import * as profile from "./profile.service";

const tags = ["profile"];
const security = [{ bearer: [] }];
const upload = { rateLimit: { max: 20, timeWindow: "1 minute" } };
const kindParams = z.object({ id: idParam, kind: z.enum(["photo", "identity"]) });

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const learner = app.authorize(profilePolicy, "editOwn");
  const reviewer = app.authorize(profilePolicy, "reviewApprovals");

  /** Automatic reasons are message keys; administrators' reasons are shown as written. */
  const shown = (request: { t: (m: string) => string }, body: ProfileBody): ProfileBody => {
    const tr = (r: string | null) => (r?.startsWith("profile.") ? request.t(r) : r);
    return {
      ...body,
      photo: { ...body.photo, failure_reason: tr(body.photo.failure_reason) },
      identity: { ...body.identity, failure_reason: tr(body.identity.failure_reason) },
    };
  };

  app.get(
    "/iu/profile",
    { onRequest: learner, schema: { tags, security, summary: "My profile", response: { 200: profileBody } } },
    async (request) => shown(request, await profile.presentProfile(db, currentUser(request).id)),
  );

  app.put(
    "/iu/profile",
    {
      onRequest: learner,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary:
          "Save my profile; a new email or phone is confirmed by a code before it replaces the old one",
        body: profileInput,
        response: { 200: profileSaveBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const notes = await profile.saveProfile(app.deps, user.id, request.body);
      return {
        message: notes.map((n) => request.t(n)).join(" "),
        profile: shown(request, await profile.presentProfile(db, user.id)),
      };
    },
  );

  app.post(
    "/iu/profile/contact/confirm",
    {
      onRequest: learner,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary: "Confirm a new email or phone with the code sent to it",
        body: contactConfirmInput,
        response: { 200: profileSaveBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await profile.confirmContactChange(app.deps, user.id, request.body.kind, request.body.code);
      return {
        message: request.t("profile.contactConfirmed"),
        profile: shown(request, await profile.presentProfile(db, user.id)),
      };
    },
  );

  for (const kind of ["photo", "identity"] as const) {
    app.post(
      `/iu/profile/${kind}`,
      {
        onRequest: learner,
        config: upload,
        schema: {
          tags,
          security,
          consumes: ["multipart/form-data"],
          multipart: { files: ["file"] },
          summary:
            kind === "photo"
              ? "Upload my profile photo (multipart `file`: JPEG, up to 10 MB, within 6 months, white background)"
              : "Upload my identity document (multipart `file`: JPEG, PNG, WebP or PDF, up to 10 MB)",
          response: { 200: profileSaveBody },
        },
      },
      async (request) => {
        const user = currentUser(request);
        if (kind === "photo") {
          const result = await verification.uploadPhoto(app.deps, user.id, request);
          return {
            message: request.t(result.white ? "profile.photoUploaded" : "profile.photoBackground"),
            profile: shown(request, await profile.presentProfile(db, user.id)),
          };
        }
        await verification.uploadIdentity(app.deps, user.id, request);
        return {
          message: request.t("profile.identityUploaded"),
          profile: shown(request, await profile.presentProfile(db, user.id)),
        };
      },
    );

    app.get(
      `/iu/profile/${kind}`,
      { onRequest: learner, schema: { tags, security, summary: `My ${kind} file (private)` } },
      async (request, reply) => {
        const user = currentUser(request);
        const doc = await verification.readDocument({ db, storage }, user.id, kind, user.id);
        return sendStoredFile(request, reply, doc.file, {
          type: doc.contentType,
          cacheControl: "private, no-store",
          filename: doc.filename,
          disposition: doc.disposition,
        });
      },
    );
  }

  // ---------- review (administrators with isUserManager) ----------
  app.get(
    "/af/pending-approval-requests",
    {
      onRequest: reviewer,
      schema: {
        tags,
        security,
        summary: "Photos and identity documents waiting for review",
        response: { 200: pendingReviewList },
      },
    },
    async (request) => {
      const rows = await verification.pendingReviews(db);
      const tr = (r: string | null) => (r?.startsWith("profile.") ? request.t(r) : r);
      return {
        data: rows.map(({ user, profile: p }) => ({
          user_id: user.id,
          username: user.username,
          name: `${user.firstName} ${user.lastName}`.trim(),
          email: user.email,
          photo: {
            status: p.photoStatus as "pending",
            failure_reason: tr(p.photoFailureReason),
            uploaded: Boolean(p.photoKey),
          },
          identity: {
            status: p.identityStatus as "pending",
            failure_reason: tr(p.identityFailureReason),
            uploaded: Boolean(p.identityKey),
          },
          updated_at: p.updatedAt.toISOString(),
        })),
        total: rows.length,
      };
    },
  );

  app.get(
    "/af/pending-approval-requests/:id/:kind",
    {
      onRequest: reviewer,
      schema: {
        tags,
        security,
        summary:
          "A learner's photo or identity document for review (the read is logged and audited as verification.viewed; approving needs it)",
        params: kindParams,
      },
    },
    async (request, reply) => {
      const doc = await verification.openForReview(
        { db, storage },
        auditActor(request),
        request.params.id,
        request.params.kind,
      );
      return sendStoredFile(request, reply, doc.file, {
        type: doc.contentType,
        cacheControl: "private, no-store",
        filename: doc.filename,
        disposition: doc.disposition,
      });
    },
  );

  app.post(
    "/af/pending-approval-requests/:id/:kind",
    {
      onRequest: reviewer,
      schema: {
        tags,
        security,
        summary:
          "Approve (only a document the reviewer opened: 409 otherwise) or reject with a reason a photo or identity document; the learner is notified",
        params: kindParams,
        body: reviewInput,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      const body = request.body;
      await verification.review(app.deps, auditActor(request), {
        userId: request.params.id,
        kind: request.params.kind,
        decision: body.decision,
        reason: body.decision === "reject" ? body.reason : undefined,
      });
      return { message: request.t("profile.reviewDone") };
    },
  );

  await app.register(certificateRoutes);
};
