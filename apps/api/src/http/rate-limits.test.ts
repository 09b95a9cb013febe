import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

/** The login route allows 20 tries a minute from one address (auth/rate-limits.ts). */
async function loginStatuses(t: TestApp, tries: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { login: `nobody_${i}`, password: "Wrong-Pass1" },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("RATE_LIMITS", () => {
  let limited: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    [limited, open] = await Promise.all([createTestApp(), createTestApp({ rateLimits: false })]);
  });
  afterAll(async () => {
    await Promise.all([limited.close(), open.close()]);
  });

  it("refuses the 21st login a minute from one address when on", async () => {
    const statuses = await loginStatuses(limited, 21);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("lets every request through when off (browser tests and benchmarks)", async () => {
    expect(new Set(await loginStatuses(open, 21))).toEqual(new Set([401]));
  });
});
