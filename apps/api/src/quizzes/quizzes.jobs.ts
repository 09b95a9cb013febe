/**
 * The deadline, enforced without the browser: `quiz.expire-due` runs a second after each second in
 * which deadlines fall (sent at start, once per node and second) and grades every attempt past its
 * deadline; `quiz.expire-overdue` sweeps every minute for attempts a lost job left running. Both
 * only grade attempts whose deadline has passed, so an early or repeated run changes nothing.
 * `quiz.pass-effects-due` (a second after each second with first exam passes, once per second)
 * congratulates them and issues their certificates (queued with the grade in exam_pass_effects); the
 * minute sweep applies any whose job was lost. (Per-attempt `quiz.expire` and per-pass
 * `quiz.pass-effects` jobs have no worker any more: the two sweeps grade and congratulate whatever
 * such a job was for.)
 */
import type { Deps } from "../context";
import { applyQueuedPassEffects, sweepPassEffects } from "./attempts.effects";
import { expireOverdue } from "./attempts.finalize";

export async function registerQuizJobs(deps: Deps): Promise<void> {
  await deps.jobs.work("quiz.expire-due", async () => {
    // Every attempt now past its deadline (a burst may need more than one batch).
    for (let batch = 0; batch < 10; batch++) if ((await expireOverdue(deps)) < 200) break;
  });
  await deps.jobs.work("quiz.pass-effects-due", async () => {
    // Every queued effect (a burst may need more than one batch).
    for (let batch = 0; batch < 10; batch++) if ((await applyQueuedPassEffects(deps)) < 200) break;
  });
  await deps.jobs.work("quiz.expire-overdue", async () => {
    await expireOverdue(deps);
    await sweepPassEffects(deps);
  });
  await deps.jobs.schedule("quiz.expire-overdue", "* * * * *");
}
