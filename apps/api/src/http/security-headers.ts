/**
 * Security headers (helmet's set, with the production Content Security Policy) on every response.
 * @fastify/helmet rebuilds helmet's middleware, parsing every CSP directive again, on each request;
 * the headers never vary per request here (no nonces), so they are worked out once at start-up and
 * copied onto each response, on the raw response so streamed and hijacked replies carry them too.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** The headers helmet would set for `options`, and the ones it would remove. */
export function securityHeaders(options: Readonly<HelmetOptions>) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet(options)({} as never, response as never, () => {});
  return { set, removed };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const { set, removed } = securityHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });
});
