/**
 * Rate limits of the auth calls (@fastify/rate-limit). Route-level limits (`perIp`) count every
 * request of an address; `byKey` adds a second counter keyed by what the request is about (the
 * login identifier, the phone number), which the plugin's route config cannot do twice.
 * The 429 answer is translated by the error handler ("Too many attempts. Please wait N seconds").
 * Counters are in memory per process: behind several nodes, give the plugin a shared store.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

export const authLimits = {
  login: perIp(20, "1 minute"),
  phoneVerify: perIp(10, "1 minute"),
  phoneResend: perIp(5, "10 minutes"),
  phoneUpdate: perIp(5, "10 minutes"),
  register: perIp(10, "1 hour"),
  link: perIp(20, "1 minute"),
  resend: perIp(5, "15 minutes"),
  resetRequest: perIp(5, "15 minutes"),
  resetCode: perIp(10, "15 minutes"),
  resetWrite: perIp(10, "15 minutes"),
  refresh: perIp(60, "1 minute"),
  logout: perIp(30, "1 minute"),
  me: perIp(120, "1 minute"),
  changePassword: perIp(10, "15 minutes"),
  deleteAccount: perIp(5, "1 hour"),
} as const;

/** A 429 with Retry-After; the error handler words it ("Too many attempts. Please wait N seconds"). */
export function tooMany(reply: FastifyReply, seconds: number): Error {
  reply.header("retry-after", seconds);
  return Object.assign(new Error("rate limited"), { statusCode: 429 });
}

export type KeyedLimiter = {
  /** Refuses (429) when the key has no tries left; counts nothing. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one try for the key (e.g. a failed login). */
  count(request: FastifyRequest): Promise<void>;
  /** Counts one try and refuses when over the limit. */
  hit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one try; false when over the limit (the caller answers as usual but does nothing). */
  take(request: FastifyRequest): Promise<boolean>;
};

export function keyedLimiter(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindow: string; key: (request: FastifyRequest) => string },
): KeyedLimiter {
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
  });
  return {
    async check(request, reply) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw tooMany(reply, Math.max(1, state.ttlInSeconds));
    },
    async count(request) {
      await limiter(request);
    },
    async hit(request, reply) {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) throw tooMany(reply, Math.max(1, state.ttlInSeconds));
    },
    async take(request) {
      const state = await limiter(request);
      return state.isAllowed || !state.isExceeded;
    },
  };
}
