/** The readiness probe's question to PostgreSQL: does it answer a trivial statement now? */
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { ping } from "./health.repository";

export async function databaseAnswers(pool: pg.Pool, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await ping(pool);
    return true;
  } catch (error) {
    // Not ready is an answer (503), not a failure of the request; the cause is for the operator.
    log.warn({ err: error }, "readiness: the database did not answer");
    return false;
  }
}
