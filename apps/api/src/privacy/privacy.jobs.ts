/** Background work of the privacy desk: building exports, expiring them, and erasure cleanup. */
import { onAccountErased } from "../accounts/erasure.service";
import type { Deps } from "../context";
import { buildExport, EXPORT_EXPIRY_JOB, EXPORT_JOB, eraseExportsOf, expireExports } from "./privacy.service";

export async function registerPrivacyJobs(deps: Deps): Promise<void> {
  onAccountErased(deps, eraseExportsOf);
  await deps.jobs.work(EXPORT_JOB, async (data) => {
    const id = Number(data.exportId);
    if (Number.isInteger(id) && id > 0) await buildExport(deps, id);
  });
  await deps.jobs.work(EXPORT_EXPIRY_JOB, async () => {
    await expireExports(deps);
  });
  await deps.jobs.schedule(EXPORT_EXPIRY_JOB, "15 4 * * *");
}
