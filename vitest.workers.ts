import { availableParallelism } from "node:os";

/**
 * Test files run at once, the same for every project (Vitest takes each project's own setting for
 * its files): one and a half per core, 3 on 2 cores. At one per core a core sat idle a third of the
 * time (583 CPU-s in 384 s on 2 cores: API files wait on PostgreSQL and on the servers they start);
 * 3 workers took a clean clone's Vitest run alone from 353 to 332 s for the same tests (27 Nov); in
 * `npm test`, beside the type check, the next clean run was no shorter (400 s, 12 % more CPU), so
 * the gain is within the noise there (docs/development.md, the runs of 27 Nov).
 * `VITEST_WORKERS` sets it for a machine where that does not fit.
 */
export const testWorkers = Number(
  process.env.VITEST_WORKERS ?? Math.max(1, Math.ceil(availableParallelism() * 1.5)),
);
