/** The learner's quiz flow: instructions, start or resume, the attempt, answers, submit, result. */
import {
  answerParams,
  answerSaved,
  attemptBody,
  attemptParams,
  attemptResult,
  catalogIdParams,
  quizInstructions,
  saveAnswerBody,
} from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import {
  extendAttempt,
  getAttempt,
  quizInstructions as instructionsOf,
  attemptResult as resultOf,
  saveAnswer,
  startAttempt,
  submitAttempt,
} from "./attempts.service";
import { ownerSegments } from "./quizzes.place";
import { quizzesPolicy } from "./quizzes.policy";

export const attemptRoutes: FastifyPluginAsyncZod = async (app) => {
  const learner = app.authorize(quizzesPolicy, "take");
  const tags = ["quizzes"];
  const security = [{ bearer: [] }];
  const ctx = (request: FastifyRequest) => ({
    deps: app.deps,
    user: currentUser(request),
    language: request.language,
    t: (message: string) => request.t(message),
  });

  for (const [segment, kind] of Object.entries(ownerSegments)) {
    app.get(
      `/iu/${segment}/:id/quiz`,
      {
        onRequest: learner,
        schema: {
          tags,
          security,
          summary: `Instructions of the ${kind} quiz: limits, attempts left, attempt in progress, last result`,
          params: catalogIdParams,
          response: { 200: quizInstructions },
        },
      },
      async (request) => instructionsOf(ctx(request), kind, request.params.id),
    );
    app.post(
      `/iu/${segment}/:id/quiz/attempt`,
      {
        onRequest: learner,
        schema: {
          tags,
          security,
          summary: `Start the ${kind} quiz, or resume the attempt in progress (201 new, 200 resumed)`,
          params: catalogIdParams,
          response: { 200: attemptBody, 201: attemptBody },
        },
      },
      async (request, reply) => {
        const { attempt, created } = await startAttempt(ctx(request), kind, request.params.id);
        return reply.status(created ? 201 : 200).send(attempt);
      },
    );
  }

  app.get(
    "/iu/quiz-attempts/:id",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "The attempt: questions without answers, saved answers, remaining seconds",
        params: attemptParams,
        response: { 200: attemptBody },
      },
    },
    async (request) => getAttempt(ctx(request), request.params.id),
  );

  app.put(
    "/iu/quiz-attempts/:id/answers/:questionId",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Save one answer (409 'Quiz timer has expired' after the deadline)",
        params: answerParams,
        body: saveAnswerBody,
        response: { 200: answerSaved },
      },
    },
    async (request) =>
      saveAnswer(ctx(request), request.params.id, request.params.questionId, request.body.answer),
  );

  app.post(
    "/iu/quiz-attempts/:id/extend",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "More time in a timed practice quiz: 5 minutes, up to 3 times (409 on an exam or none left)",
        params: attemptParams,
        response: { 200: attemptBody },
      },
    },
    async (request) => extendAttempt(ctx(request), request.params.id),
  );

  app.post(
    "/iu/quiz-attempts/:id/submit",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Submit and grade (a late submit is graded as at the deadline); answers the result",
        params: attemptParams,
        response: { 200: attemptResult },
      },
    },
    async (request) => submitAttempt(ctx(request), request.params.id),
  );

  app.get(
    "/iu/quiz-attempts/:id/result",
    {
      onRequest: learner,
      schema: {
        tags,
        security,
        summary: "Score, pass, per-question correctness and explanations, next step (after submission)",
        params: attemptParams,
        response: { 200: attemptResult },
      },
    },
    async (request) => resultOf(ctx(request), request.params.id),
  );
};
