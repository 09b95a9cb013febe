/**
 * Rate limits are counted in PostgreSQL, so two nodes on one database share
 * them; RATE_LIMIT_ALLOW lets a school's NAT address through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { loadConfig } from "../config/config";

function failedLogin(t: TestApp, i: number, remoteAddress = "198.51.100.20") {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    payload: { login: `nobody_${i}`, password: "Wrong-Pass1" },
  });
}

describe("rate limits across nodes", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ rateLimitAllow: ["203.0.113.0/24", "2001:db8::7"] });
    second = await createSiblingApp(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("two nodes on one database share one login limit (20 a minute from an address)", async () => {
    const statuses: number[] = [];
    // Alternating nodes, as a round-robin balancer would send them.
    for (let i = 0; i < 20; i++) statuses.push((await failedLogin(i % 2 ? second : first, i)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const refusedOnFirst = await failedLogin(first, 20);
    const refusedOnSecond = await failedLogin(second, 21);
    expect([refusedOnFirst.statusCode, refusedOnSecond.statusCode]).toEqual([429, 429]);
    expect(Number(refusedOnSecond.headers["retry-after"])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await failedLogin(second, 22, "198.51.100.21")).statusCode).toBe(401);
  });

  it("RATE_LIMIT_ALLOW: a class behind one allowed address is never refused", async () => {
    for (const address of ["203.0.113.9", "2001:db8::7"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++)
        statuses.push((await failedLogin(i % 2 ? second : first, i, address)).statusCode);
      expect(new Set(statuses)).toEqual(new Set([401]));
    }
  });

  it("RATE_LIMIT_ALLOW takes addresses and CIDR ranges, and refuses anything else at start", () => {
    expect(
      loadConfig({ RATE_LIMIT_ALLOW: " 203.0.113.7, 198.51.100.0/24,2001:db8::/32" }).rateLimitAllow,
    ).toEqual(["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"]);
    for (const bad of ["school.example", "10.0.0.0/33", "10.0.0.1/8/2", "300.1.1.1"])
      expect(() => loadConfig({ RATE_LIMIT_ALLOW: bad })).toThrow(/RATE_LIMIT_ALLOW must list addresses/);
  });
});
