/** The learner's notes and Q&A on a lecture, and the administrators' lesson Q&A desk. */
import {
  catalogIdParams,
  lectureNoteBody,
  lectureNoteList,
  lectureNoteOrNull,
  lectureQuestionBody,
  lectureQuestionCreated,
  lectureQuestionFlag,
  lectureQuestionList,
  lectureQuestionListQuery,
  lectureQuestionVisibility,
  messageBody,
  qaAnswerBody,
  qaAnswerResult,
  qaHideBody,
  qaItem,
  qaList,
  qaListQuery,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/authenticate";
import { nextPageUrl } from "../http/paging";
import { learningPolicy } from "./learning.policy";
import { deleteNote, exportNotes, getNote, listNotes, saveNote } from "./notes.service";
import {
  answerAsLearner,
  answerQa,
  askQuestion,
  getQa,
  lectureQuestionsFor,
  listQas,
  setFollow,
  setQaHidden,
  setQuestionVisibility,
  setVote,
} from "./qa.service";

export const notesAndQaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const learner = app.authorize(learningPolicy, "study");
  const security = [{ bearer: [] }];

  app.get(
    "/iu/lectures/:id/note",
    {
      onRequest: learner,
      schema: {
        tags: ["notes"],
        security,
        summary: "My note on a lecture (null when none)",
        params: catalogIdParams,
        response: { 200: lectureNoteOrNull },
      },
    },
    async (request) => getNote(db, currentUser(request), request.params.id),
  );

  app.put(
    "/iu/lectures/:id/note",
    {
      onRequest: learner,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["notes"],
        security,
        summary: "Save my note (TipTap JSON); autosave-friendly, an empty document deletes it",
        params: catalogIdParams,
        body: lectureNoteBody,
        response: { 200: lectureNoteOrNull },
      },
    },
    async (request) => saveNote(db, currentUser(request), request.params.id, request.body.content),
  );

  app.delete(
    "/iu/lectures/:id/note",
    {
      onRequest: learner,
      schema: {
        tags: ["notes"],
        security,
        summary: "Delete my note",
        params: catalogIdParams,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await deleteNote(db, currentUser(request), request.params.id);
      return { message: request.t("catalog.deleted") };
    },
  );

  app.get(
    "/iu/courses/:id/notes",
    {
      onRequest: learner,
      schema: {
        tags: ["notes"],
        security,
        summary: "My notes of a title, in the title's order",
        params: catalogIdParams,
        response: { 200: lectureNoteList },
      },
    },
    async (request) => listNotes(db, currentUser(request), request.params.id, request.language),
  );

  app.get(
    "/iu/courses/:id/notes/export",
    {
      onRequest: learner,
      schema: {
        tags: ["notes"],
        security,
        summary: "My notes of a title as a Markdown download (PDF: print the notes page)",
        params: catalogIdParams,
      },
    },
    async (request, reply) => {
      const { filename, markdown } = await exportNotes(
        db,
        currentUser(request),
        request.params.id,
        request.language,
      );
      return reply
        .header("content-type", "text/markdown; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header("cache-control", "private, no-store")
        .send(markdown);
    },
  );

  app.get(
    "/iu/lectures/:id/questions",
    {
      onRequest: learner,
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary:
          "A lecture's questions for an enrolled learner: the public ones and my private ones (newest, most voted or unanswered)",
        params: catalogIdParams,
        querystring: lectureQuestionListQuery,
        response: { 200: lectureQuestionList },
      },
    },
    async (request) => lectureQuestionsFor(db, currentUser(request), request.params.id, request.query.sort),
  );

  app.post(
    "/iu/lectures/:id/questions",
    {
      onRequest: learner,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Ask a question on a lecture (10 to 1000 characters), public or private (the default)",
        params: catalogIdParams,
        body: lectureQuestionBody,
        response: { 201: lectureQuestionCreated },
      },
    },
    async (request, reply) => {
      const data = await askQuestion(db, currentUser(request), request.params.id, request.body);
      return reply.status(201).send({ message: request.t("lecture.questionSent"), data });
    },
  );

  app.put(
    "/iu/questions/:id/visibility",
    {
      onRequest: learner,
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Make my question public or private",
        params: catalogIdParams,
        body: lectureQuestionVisibility,
        response: { 200: lectureQuestionCreated },
      },
    },
    async (request) => {
      const data = await setQuestionVisibility(
        db,
        currentUser(request),
        request.params.id,
        request.body.is_public,
      );
      return { message: request.t(data.is_public ? "lecture.qaMadePublic" : "lecture.qaMadePrivate"), data };
    },
  );

  app.put(
    "/iu/questions/:id/vote",
    {
      onRequest: learner,
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Upvote a question I can read (on: true) or take my vote back; one vote per learner",
        params: catalogIdParams,
        body: lectureQuestionFlag,
        response: { 200: lectureQuestionCreated },
      },
    },
    async (request) => {
      const data = await setVote(db, currentUser(request), request.params.id, request.body.on);
      return { message: request.t(request.body.on ? "lecture.qaVoted" : "lecture.qaUnvoted"), data };
    },
  );

  app.put(
    "/iu/questions/:id/follow",
    {
      onRequest: learner,
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Follow a question (notified of its answers) or stop following it",
        params: catalogIdParams,
        body: lectureQuestionFlag,
        response: { 200: lectureQuestionCreated },
      },
    },
    async (request) => {
      const data = await setFollow(db, currentUser(request), request.params.id, request.body.on);
      return {
        message: request.t(request.body.on ? "lecture.qaFollowing" : "lecture.qaUnfollowed"),
        data,
      };
    },
  );

  app.post(
    "/iu/questions/:id/answers",
    {
      onRequest: learner,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Answer a public question as a fellow learner; its author and followers are notified",
        params: catalogIdParams,
        body: qaAnswerBody,
        response: { 201: lectureQuestionCreated },
      },
    },
    async (request, reply) => {
      const data = await answerAsLearner(db, currentUser(request), request.params.id, request.body.answer);
      return reply.status(201).send({ message: request.t("lecture.qaAnswerPosted"), data });
    },
  );

  const qaManager = app.authorize(learningPolicy, "answerQuestions");

  app.get(
    "/af/lesson/qas",
    {
      onRequest: qaManager,
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Lecture questions (status unanswered by default, answered or all), oldest waiting first",
        querystring: qaListQuery,
        response: { 200: qaList },
      },
    },
    async (request) => {
      const { data, total } = await listQas(db, request.query, request.language);
      return {
        data,
        total,
        next_page_url: nextPageUrl(request, request.query.page, request.query.per_page, total),
      };
    },
  );

  app.get(
    "/af/lesson/qas/:id",
    {
      onRequest: qaManager,
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "A question with its thread",
        params: catalogIdParams,
        response: { 200: qaItem },
      },
    },
    async (request) => getQa(db, request.params.id, request.language),
  );

  app.post(
    "/af/lesson/qas/:id",
    {
      onRequest: qaManager,
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Answer a question; the learner is notified (type 4, lecture at #qa)",
        params: catalogIdParams,
        body: qaAnswerBody,
        response: { 200: qaAnswerResult },
      },
    },
    async (request) => {
      const data = await answerQa(
        db,
        currentUser(request),
        request.params.id,
        request.body.answer,
        request.language,
      );
      return { message: request.t("lecture.answerSent"), data };
    },
  );

  app.post(
    "/af/lesson/qas/:id/hide",
    {
      onRequest: qaManager,
      schema: {
        tags: ["lesson Q&A"],
        security,
        summary: "Hide a question from the title's learners (hidden: true) or show it again; audited",
        params: catalogIdParams,
        body: qaHideBody,
        response: { 200: qaAnswerResult },
      },
    },
    async (request) => {
      const data = await setQaHidden(db, request.params.id, request.body.hidden, request.language);
      return { message: request.t(data.hidden ? "lecture.qaHidden" : "lecture.qaShown"), data };
    },
  );
};
