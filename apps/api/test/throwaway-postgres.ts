/**
 * Settings for a PostgreSQL that a test run started for itself and throws away at its end (the API
 * tests' server, the browser tests' server): it need not survive a power cut. A commit does not wait
 * for its WAL to reach the disk, and a page's first change after a checkpoint is not logged whole.
 * Each clone of a 13 MB template (`CREATE DATABASE ... TEMPLATE`, the default WAL_LOG strategy) then
 * cost 110 instead of 334 ms of PostgreSQL's CPU and 0.6 instead of 1.8 s (26 Nov, under load);
 * `STRATEGY FILE_COPY` was slower with or without them (it checkpoints twice per clone). `fsync`
 * stays on: the product's embedded start sets it on the command line, which a reload cannot change.
 * Never for a server the run did not start (TEST_DATABASE_URL): that one is someone else's.
 */
import pg from "pg";

export async function trimDurability(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("ALTER SYSTEM SET synchronous_commit = off");
    await admin.query("ALTER SYSTEM SET full_page_writes = off");
    await admin.query("SELECT pg_reload_conf()");
  } finally {
    await admin.end();
  }
}
