/** /af/users/:id/accommodation: a learner's accessibility accommodation (isUserManager), audited. */
import {
  accommodationEnvelope,
  accommodationInput,
  accommodationSaved,
  errorBody,
  idParam,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { getAccommodation, setAccommodation } from "./accommodations.service";
import { quizzesPolicy } from "./quizzes.policy";

const params = z.object({ id: idParam });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ["user administration"];
const security = [{ bearer: [] }];

export const accommodationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const userManager = app.authorize(quizzesPolicy, "setAccommodations");

  app.get(
    "/af/users/:id/accommodation",
    {
      onRequest: userManager,
      schema: {
        tags,
        security,
        summary: "A learner's accessibility accommodation: extra time factor, untimed practice quizzes",
        params,
        response: { 200: accommodationEnvelope, ...errors },
      },
    },
    async (request) => ({ data: await getAccommodation(db, request.params.id) }),
  );

  app.put(
    "/af/users/:id/accommodation",
    {
      onRequest: userManager,
      schema: {
        tags,
        security,
        summary:
          "Grant, change or take back a learner's accommodation (applies to attempts started after it)",
        params,
        body: accommodationInput,
        response: { 200: accommodationSaved, ...errors },
      },
    },
    async (request) => ({
      message: request.t("accommodation.saved"),
      data: await setAccommodation(db, auditActor(request), request.params.id, request.body),
    }),
  );
};
