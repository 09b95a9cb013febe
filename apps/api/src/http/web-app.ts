/**
 * Serves the built web app (apps/web/dist): hashed assets cached for a year, every other non-API
 * GET answered with index.html so client routes work on reload. Unknown /api paths get a JSON 404.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { pageHead, seoRoutes, withHead } from "../catalog/seo";
import { publicConfigurations } from "../config/configurations.service";
import { escapeHtml } from "../lib/html";

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

/** index.html with the configured product name (BRAND_NAME) as the default title, for the app to read too. */
export function brandedIndex(html: string, brand: string): string {
  const name = escapeHtml(brand);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace("</head>", `    <meta name="application-name" content="${name}" />\n  </head>`);
}

/**
 * The public configuration entries the first paint depends on, embedded in index.html as a JSON data
 * block (not a script: the strict CSP allows it) so the promo bar does not push the page down when
 * it arrives a moment later (layout shift). The app still refreshes them through the API.
 */
const bootKeys = ["promo_bar"];

async function bootData(app: FastifyInstance): Promise<string> {
  try {
    const rows = await publicConfigurations(app.deps.db, undefined, bootKeys);
    // "<" escaped so no value can close the block early.
    const json = JSON.stringify({ configurations: rows }).replace(/</g, "\\u003c");
    return `<script type="application/json" id="boot-data">${json}</script>`;
  } catch {
    // Without the database the page still loads; the app shows its own unavailable state.
    return "";
  }
}

/** index.html with a public page's own head (catalog/seo.ts), for crawlers and link previews. */
async function headed(app: FastifyInstance, index: string, url: string, language: "en" | "es") {
  try {
    const head = await pageHead(app.deps.db, url, language, app.deps.config.brandName);
    return head ? withHead(index, head, app.deps.config.publicUrl, language) : index;
  } catch (error) {
    // The page still works with the default head; the app sets its own title once it runs.
    app.log.warn({ err: error, url }, "page head not rendered");
    return index;
  }
}

export async function serveWebApp(app: FastifyInstance, root: string | undefined) {
  const index = root
    ? brandedIndex(readFileSync(path.join(root, "index.html"), "utf8"), app.deps.config.brandName)
    : "";
  await app.register(seoRoutes);
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
  app.setNotFoundHandler(async (request, reply) => {
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
    const page = (await headed(app, index, url, request.language)).replace(
      "</body>",
      `${await bootData(app)}</body>`,
    );
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
  });
}
