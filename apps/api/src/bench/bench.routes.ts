/**
 * The bench harness's own routes, under /bench (not /api): registered only by bench-server.ts, the
 * entry `npm run bench` starts, so the product bundle (dist/server.js) has none of them. They grow
 * the database, hand out learners with sessions, and report PostgreSQL's costliest statements.
 */
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { quizCourseId, takeCostliestStatements, takePendingWork } from "./bench.repository";
import { learnersIn, scaleSizes, scaleUp } from "./bench-scale";
import { examLearners, examLearnersBody, prepareExamLearners } from "./exam-learners";

// Hidden from the API reference: the harness is not part of the product's interface.
const schema = { hide: true, tags: ["bench"] } as const;

const benchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  // With PG_STAT_STATEMENTS=on: the statements that cost PostgreSQL most since the last call (which
  // starts the count again), for the bench's BENCH_PG_STATS report.
  app.post(
    "/statements",
    { schema: { ...schema, body: z.object({ top: z.number().int().min(1).max(50).default(8) }) } },
    async (request) => ({ statements: await takeCostliestStatements(db, request.body.top) }),
  );

  // The work the last scenario left for jobs (bench/run.mjs counts the CPU until it is done).
  app.get(
    "/pending",
    {
      schema: {
        ...schema,
        response: { 200: z.object({ pending: z.number(), paid_notices: z.number(), jobs: z.number() }) },
      },
    },
    async () => {
      const work = await takePendingWork(db);
      return { pending: work.paid_notices + work.jobs, ...work };
    },
  );

  app.post(
    "/learners",
    {
      schema: {
        ...schema,
        body: z.union([
          z.object({ course_id: z.number().int().positive(), count: z.number().int().min(1).max(10_000) }),
          z.object({ quiz_id: z.number().int().positive(), count: z.number().int().min(1).max(10_000) }),
        ]),
        response: { 200: z.object({ learners: z.array(z.object({ id: z.number(), token: z.string() })) }) },
      },
    },
    async (request) => {
      const { body } = request;
      // An exam's buyers must be in its title: enrol them in the quiz's title.
      const courseId = "course_id" in body ? body.course_id : await quizCourseId(db, body.quiz_id);
      return { learners: await learnersIn(db, config, courseId, body.count) };
    },
  );

  app.post(
    "/exam-learners",
    { schema: { ...schema, body: examLearnersBody, response: { 200: examLearners } } },
    async (request) => prepareExamLearners(db, config, request.body),
  );

  app.post(
    "/scale",
    {
      schema: {
        ...schema,
        body: scaleSizes,
        response: {
          200: z.object({
            learners: z.number(),
            titles: z.number(),
            reviews: z.number(),
            lectures: z.number(),
            enrolments: z.number(),
            notifications: z.number(),
            orders: z.number(),
            quiz_attempts: z.number(),
          }),
        },
      },
    },
    async (request) => scaleUp(db, request.body),
  );
};

/** Adds the bench routes to an app built by buildApp (before it is ready). */
export async function registerBenchRoutes(app: FastifyInstance): Promise<void> {
  await app.register(benchRoutes, { prefix: "/bench" });
}
