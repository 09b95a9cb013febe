/**
 * Polls `check` in real time every 25 ms until it answers something truthy, and returns that; fails
 * naming `what` after `timeoutMs`. For waits on the real queue where no clock needs moving (with a
 * test clock, production-jobs.ts's `until` moves pg-boss time between polls instead).
 */
export async function pollUntil<T>(
  what: string,
  check: () => T | false | Promise<T | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
