import { messages, translate } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { multipart } from "../tickets/test-support";

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

/**
 * Security: the limits of the calls an attacker would hammer, counted per
 * address (or per account where a school shares one address), with a translated answer and a
 * Retry-After, and not escaped by inventing an X-Forwarded-For header.
 */
describe("RATE_LIMITS of the exposed calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** `tries` calls from one address (a public one, not a trusted proxy); the statuses in order. */
  async function statuses(
    address: string,
    tries: number,
    request: () => {
      method: "POST" | "PUT";
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
    },
  ) {
    const list: number[] = [];
    let last = null as Awaited<ReturnType<TestApp["app"]["inject"]>> | null;
    for (let i = 0; i < tries; i++) {
      const r = request();
      last = await t.app.inject({
        method: r.method,
        url: r.url,
        remoteAddress: address,
        headers: { "x-language-id": "2", ...(r.headers ?? {}) },
        ...(r.payload !== undefined ? { payload: r.payload as string } : {}),
      });
      list.push(last.statusCode);
    }
    return { list, last: last! };
  }

  it.each([
    ["registration", 10, "/api/auth/register"],
    ["password reset request", 5, "/api/auth/password-reset/request"],
    ["password reset by SMS code", 10, "/api/auth/password-reset/phone/verify"],
    ["reset link check", 20, "/api/auth/password-reset/check"],
  ] as const)("limits %s to %i a window per address, in the caller's language", async (_name, max, url) => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const { list, last } = await statuses(address, max + 1, () => ({ method: "POST", url, payload: {} }));
    expect(
      list.slice(0, max).every((s) => s !== 429),
      list.join(","),
    ).toBe(true);
    expect(list[max]).toBe(429);
    const seconds = Number(last.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(last.json().message).toBe(translate(messages, "es", `error.rateLimited?seconds=${seconds}`));
  });

  it("limits guest tickets to 5 every 10 minutes per address", async () => {
    const form = () => {
      const body = multipart({ email: "guest@example.com", subject_id: 1, description: "short" });
      return { method: "POST" as const, url: "/api/tickets", payload: body.payload, headers: body.headers };
    };
    const { list } = await statuses("198.51.100.10", 6, form);
    expect(list.slice(0, 5)).not.toContain(429);
    expect(list[5]).toBe(429);
    // Another address is not held back by the first one's count.
    expect((await statuses("198.51.100.11", 1, form)).list[0]).not.toBe(429);
  });

  it("limits a learner's tickets to 30 every 10 minutes per learner, not per shared address", async () => {
    const [ana, ben] = [await buildLearner(t), await buildLearner(t)];
    const form = (auth: Record<string, string>) => () => {
      const body = multipart({ subject_id: 1, description: "short" });
      return {
        method: "POST" as const,
        url: "/api/iu/tickets",
        payload: body.payload,
        headers: { ...auth, ...body.headers },
      };
    };
    const school = "198.51.100.20";
    const { list } = await statuses(school, 31, form(ana.auth));
    expect(list.slice(0, 30)).not.toContain(429);
    expect(list[30]).toBe(429);
    expect((await statuses(school, 1, form(ben.auth))).list[0]).not.toBe(429);
  });

  it("cannot be escaped by sending a made-up X-Forwarded-For", async () => {
    const spoofed = () => ({
      method: "POST" as const,
      url: "/api/auth/login",
      // A different identifier each time, so only the per-address counter can stop it.
      payload: { login: `nobody_${Math.random().toString(36).slice(2)}`, password: "Wrong-Pass1" },
      headers: {
        "x-forwarded-for": `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
    });
    const { list } = await statuses("192.0.2.77", 21, spoofed);
    expect(list[20]).toBe(429);
  });

  it("counts the client named by a trusted proxy on the private network", async () => {
    // Behind the load balancer (a private address), X-Forwarded-For names the real client.
    const viaProxy = (client: string) => () => ({
      method: "POST" as const,
      url: "/api/auth/password-reset/check",
      payload: {},
      headers: { "x-forwarded-for": client },
    });
    const first = await statuses("10.0.0.2", 21, viaProxy("203.0.113.5"));
    expect(first.list[20]).toBe(429);
    expect((await statuses("10.0.0.2", 1, viaProxy("203.0.113.6"))).list[0]).not.toBe(429);
  });
});
