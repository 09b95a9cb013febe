/**
 * What crawlers and link previews read without running the app: each public
 * page's <title>, meta description, canonical link and Open Graph tags, written into index.html by
 * the server (web-app.ts); `/sitemap.xml` lists the public pages and every listed title; `/robots.txt`
 * keeps crawlers out of the signed-in areas and points at the sitemap.
 */
import { type LanguageCode, messageKey, messages, translate } from "@aprendo/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { courses } from "../db/schema/index";
import { escapeHtml } from "../lib/html";
import { coverUrl, localized } from "../lib/text";
import { listedStatus } from "./catalog.presenter";
import { cached } from "./catalog-cache.service";

export type PageHead = {
  title: string;
  description: string;
  path: string;
  image: string | null;
  type: string;
};

const t = (language: LanguageCode, key: string, params?: Record<string, string>) =>
  translate(messages, language, messageKey(key, params));

/** The head of a public page, or null for pages that keep the app's default (signed-in areas...). */
export async function pageHead(
  db: Db,
  url: string,
  language: LanguageCode,
  brand: string,
): Promise<PageHead | null> {
  const path = url.split("?")[0]?.replace(/\/+$/, "") || "/";
  if (path === "/" || path === "/login")
    return {
      title: t(language, "seo.homeTitle", { brand }),
      description: t(language, "seo.homeDescription"),
      path: "/",
      image: null,
      type: "website",
    };
  if (path === "/courses")
    return {
      title: t(language, "seo.catalogueTitle", { brand }),
      description: t(language, "seo.catalogueDescription"),
      path,
      image: null,
      type: "website",
    };
  const course = /^\/courses\/(\d{1,9})$/.exec(path);
  if (!course) return null;
  const id = Number(course[1]);
  const row = await cached(db, `seo:${id}`, async () => {
    const [found] = await db
      .select({
        id: courses.id,
        titleEn: courses.titleEn,
        titleEs: courses.titleEs,
        shortEn: courses.shortDescriptionEn,
        shortEs: courses.shortDescriptionEs,
        coverImageKey: courses.coverImageKey,
        updatedAt: courses.updatedAt,
      })
      .from(courses)
      .where(and(eq(courses.id, id), listedStatus));
    return found ?? null;
  });
  if (!row) return null;
  return {
    title: t(language, "seo.courseTitle", { title: localized(language, row.titleEn, row.titleEs), brand }),
    description: localized(language, row.shortEn, row.shortEs),
    path,
    image: coverUrl(row),
    type: "article",
  };
}

/** index.html with the page's head: title, description, canonical and Open Graph / Twitter tags. */
export function withHead(html: string, head: PageHead, publicUrl: string, language: LanguageCode): string {
  const url = `${publicUrl}${head.path}`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${language === "es" ? "es_ES" : "en_GB"}" />`,
    ...(head.image
      ? [`<meta property="og:image" content="${escapeHtml(`${publicUrl}${head.image}`)}" />`]
      : []),
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
  ];
  return html
    .replace(/<html lang="[a-z]+"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace("</head>", `    ${tags.join("\n    ")}\n  </head>`);
}

async function sitemap(db: Db, publicUrl: string): Promise<string> {
  const rows = await db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(listedStatus)
    .orderBy(desc(courses.updatedAt))
    .limit(45_000);
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry("/"),
    entry("/courses"),
    entry("/faqs"),
    ...rows.map((r) => entry(`/courses/${r.id}`, r.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

/** GET /sitemap.xml and /robots.txt, beside the web app (not under /api). */
export async function seoRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(await cached(db, "sitemap", () => sitemap(db, config.publicUrl), 300_000)),
  );
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .send(
        [
          "User-agent: *",
          "Allow: /",
          // Title covers are the link previews' images (og:image); the rest of the API is not for crawlers.
          "Allow: /api/courses/",
          ...["/iu/", "/af/", "/ha/", "/ma/", "/api/", "/webview/", "/checkout"].map((p) => `Disallow: ${p}`),
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      ),
  );
}
