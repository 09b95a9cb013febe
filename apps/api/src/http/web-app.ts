/**
 * Serves the built web app (apps/web/dist): hashed assets cached for a year, every other non-API
 * GET answered with index.html so client routes work on reload. Unknown /api paths get a JSON 404.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export function findWebDist(): string | undefined {
  if (process.env.WEB_DIST) return process.env.WEB_DIST;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "web", "dist");
    if (existsSync(path.join(candidate, "index.html"))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

export async function serveWebApp(app: FastifyInstance, root: string | undefined) {
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url === "/api" || url.startsWith("/api/") || request.method !== "GET" || !root) {
      return reply
        .status(404)
        .send({ message: request.t(url.startsWith("/api") ? "error.routeNotFound" : "error.notFound") });
    }
    // A path with a file extension that does not exist is a missing file, not a client route.
    if (/\.[a-z0-9]{1,5}$/i.test(url) && !url.endsWith(".html")) {
      return reply.status(404).send({ message: request.t("error.notFound") });
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
