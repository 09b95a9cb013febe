/** Quiz authoring under /af (isCourseManager) and the CSV bulk upload (isAbleToBulkUploadQuizzes). */
import {
  adminQuiz,
  adminQuizList,
  adminQuizListQuery,
  bulkUploadErrors,
  bulkUploadReport,
  catalogIdParams,
  messageBody,
  questionInput,
  questionOrderBody,
  quizCreated,
  quizInput,
  quizLimits,
  quizPatch,
  quizPreview,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import { receiveMultipart } from "../http/multipart";
import * as authoring from "./authoring.service";
import { checkCsv, importCsv } from "./bulk.service";
import { quizzesPolicy } from "./quizzes.policy";

export const quizAuthoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const courseManager = app.authorize(quizzesPolicy, "author");
  const bulkUploader = app.authorize(quizzesPolicy, "bulkUpload");
  const tags = ["quiz authoring"];
  const security = [{ bearer: [] }];
  const params = catalogIdParams;

  app.get(
    "/af/quizzes",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Quizzes of a title",
        querystring: adminQuizListQuery,
        response: { 200: adminQuizList },
      },
    },
    async (request) => authoring.listQuizzes(db, request.query.course_id),
  );
  app.post(
    "/af/quizzes",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Create a quiz on a lecture, module (exam) or level (exam), as a draft",
        body: quizInput,
        response: { 201: quizCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ id: await authoring.createQuiz(db, request.body), message: request.t("quizzes.saved") }),
  );
  app.get(
    "/af/quizzes/:id",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "A quiz with its questions and answers, both languages",
        params,
        response: { 200: adminQuiz },
      },
    },
    async (request) => authoring.adminQuiz(db, request.params.id),
  );
  app.patch(
    "/af/quizzes/:id",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary:
          "Settings: time limit, pass mark, price (exams), texts, status (publishing needs a question)",
        params,
        body: quizPatch,
        response: { 200: adminQuiz },
      },
    },
    async (request) => {
      await authoring.updateQuiz(db, request.params.id, request.body);
      return authoring.adminQuiz(db, request.params.id);
    },
  );
  app.delete(
    "/af/quizzes/:id",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Delete a quiz nobody has attempted or bought",
        params,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await authoring.deleteQuiz(db, request.params.id);
      return { message: request.t("quizzes.deleted") };
    },
  );
  app.get(
    "/af/quizzes/:id/preview",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "The quiz as learners see it, with answers",
        params,
        response: { 200: quizPreview },
      },
    },
    async (request) => authoring.previewQuiz(db, request.params.id, request.language),
  );
  app.post(
    "/af/quizzes/:id/questions",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Add a question",
        params,
        body: questionInput,
        response: { 201: quizCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        id: await authoring.addQuestion(db, request.params.id, request.body),
        message: request.t("quizzes.saved"),
      }),
  );
  app.put(
    "/af/quizzes/:id/questions/order",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Order the questions",
        params,
        body: questionOrderBody,
        response: { 200: adminQuiz },
      },
    },
    async (request) => {
      await authoring.orderQuestions(db, request.params.id, request.body.ids);
      return authoring.adminQuiz(db, request.params.id);
    },
  );
  app.patch(
    "/af/quiz-questions/:id",
    {
      onRequest: courseManager,
      schema: {
        tags,
        security,
        summary: "Replace a question (option ids sent back are kept)",
        params,
        body: questionInput,
        response: { 200: adminQuiz },
      },
    },
    async (request) =>
      authoring.adminQuiz(db, await authoring.updateQuestion(db, request.params.id, request.body)),
  );
  app.delete(
    "/af/quiz-questions/:id",
    {
      onRequest: courseManager,
      schema: { tags, security, summary: "Delete a question", params, response: { 200: messageBody } },
    },
    async (request) => {
      await authoring.deleteQuestion(db, request.params.id);
      return { message: request.t("quizzes.deleted") };
    },
  );

  app.post(
    "/af/quizzes/bulk-upload",
    {
      onRequest: bulkUploader,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary: "Import questions from a CSV file (multipart field `file`); all lines or none",
        consumes: ["multipart/form-data"],
        multipart: { files: ["file"] },
        response: { 200: bulkUploadReport, 422: bulkUploadErrors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw AppError.field("file", "quizzes.bulkNotCsv");
      const form = await receiveMultipart(request, {
        maxFileBytes: quizLimits.bulkFileMaxBytes,
        maxFiles: 1,
        tooLarge: () => new AppError("payload_too_large"),
      }).catch((error: unknown) => {
        // A malformed multipart body: not a file we can read.
        if (error instanceof AppError && error.code === "bad_request")
          throw AppError.field("file", "quizzes.bulkNotCsv");
        throw error;
      });
      const data = form.files[0]?.data;
      if (!data) throw AppError.field("file", "quizzes.bulkNotCsv");
      const text = new TextDecoder("utf-8", { fatal: false }).decode(data);
      if (data.includes(0) || text.includes("\uFFFD")) throw AppError.field("file", "quizzes.bulkNotCsv");
      const { parsed, problems } = await checkCsv(db, text);
      if (problems.length > 0) {
        const lines = problems.map((p) => ({ line: p.line, field: p.field, message: request.t(p.message) }));
        const errors: Record<string, string[]> = {};
        for (const l of lines) {
          const key = `line ${l.line}: ${l.field}`;
          errors[key] = [...(errors[key] ?? []), l.message];
        }
        return reply
          .status(422)
          .send({ message: request.t(`quizzes.bulkInvalid?count=${problems.length}`), errors, lines });
      }
      const result = await importCsv(db, parsed);
      return {
        message: request.t(`quizzes.bulkImported?questions=${result.imported}`),
        imported_questions: result.imported,
        quizzes_created: result.created,
        quiz_ids: result.quizIds,
      };
    },
  );
};
