/**
 * The deadline, enforced without the browser: `quiz.expire` runs at each attempt's deadline (sent at
 * start), and `quiz.expire-overdue` sweeps every minute for attempts a lost job left running.
 * Both only grade attempts whose deadline has passed, so an early or repeated run changes nothing.
 */
import type { Deps } from "../context";
import { expireAttempt, expireOverdue } from "./attempts.service";

export async function registerQuizJobs(deps: Deps): Promise<void> {
  await deps.jobs.work("quiz.expire", async (data) => {
    const attemptId = Number(data.attemptId);
    if (Number.isInteger(attemptId) && attemptId > 0) await expireAttempt(deps, attemptId);
  });
  await deps.jobs.work("quiz.expire-overdue", async () => {
    await expireOverdue(deps);
  });
  await deps.jobs.schedule("quiz.expire-overdue", "* * * * *");
}
