import { availableParallelism } from "node:os";

/**
 * Test files run at once, the same for every project (Vitest takes each project's own setting for
 * its files): one and a half per core, 3 on 2 cores. At one per core a core sat idle a third of the
 * time (583 CPU-s in 384 s on 2 cores: API files wait on PostgreSQL and on the servers they start);
 * 3 workers took the clean clone's Vitest step from 353 to 332 s for the same tests (27 Nov).
 * `VITEST_WORKERS` sets it for a machine where that does not fit.
 */
export const testWorkers = Number(
  process.env.VITEST_WORKERS ?? Math.max(1, Math.ceil(availableParallelism() * 1.5)),
);
