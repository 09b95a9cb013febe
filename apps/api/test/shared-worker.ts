/**
 * Runs before every file of the `api` project, whose files share a worker: whatever a file spied on
 * (a provider's prototype, `pg.Client.prototype.query`) is put back when it ends, so the next file of
 * the worker meets the real thing even if a test forgot `mockRestore()`.
 */
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.restoreAllMocks();
});
