/**
 * Downloadable resources of a lecture: PDFs, ZIP archives and text or code files
 * that authors attach and enrolled learners download, behind the lecture's own lock.
 *
 * A file's kind is judged by its first bytes (storage/sniff.ts for PDF; the ZIP signature), never by
 * the browser's Content-Type; a text or code file must have a known extension and text-only first
 * bytes. The file is streamed into storage as it arrives (up to 50 MB).
 */
import { randomBytes } from "node:crypto";
import { type LectureResource, lectureMediaLimits } from "@aprendo/contract";
import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { findLecture } from "../catalog/authoring-helpers.service";
import { invalidateCatalog } from "../catalog/catalog-cache.service";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { lectureResources } from "../db/schema/index";
import { AppError } from "../http/errors";
import { receiveMultipartToStorage } from "../http/multipart";
import { removeStoredFiles } from "../storage/remove-files";
import { sniff } from "../storage/sniff";

const textExtensions = new Map<string, string>([
  ["txt", "text/plain"],
  ["md", "text/markdown"],
  ["csv", "text/csv"],
  ["json", "application/json"],
  ["py", "text/x-python"],
  ["js", "text/javascript"],
  ["ts", "text/plain"],
  ["java", "text/plain"],
  ["c", "text/plain"],
  ["cpp", "text/plain"],
  ["cs", "text/plain"],
  ["rb", "text/plain"],
  ["go", "text/plain"],
  ["rs", "text/plain"],
  ["sql", "text/plain"],
  ["html", "text/plain"],
  ["css", "text/plain"],
  ["xml", "text/plain"],
  ["yaml", "text/plain"],
  ["yml", "text/plain"],
  ["ipynb", "application/json"],
]);

/** Tab, newline, carriage return and printable bytes (UTF-8 continuation bytes included). */
const looksLikeText = (head: Buffer) => head.every((b) => b === 9 || b === 10 || b === 13 || b >= 32);
const isZip = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && [0x03, 0x05, 0x07].includes(head[2] ?? 0);

/** The type a resource is stored and served as, from its first bytes and name; null when refused. */
export function resourceType(head: Buffer, fileName: string): string | null {
  if (sniff(head) === "application/pdf") return "application/pdf";
  if (isZip(head)) return "application/zip";
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  const type = textExtensions.get(extension);
  return type && looksLikeText(head) ? type : null;
}

/** A name safe in a storage key and a download (letters, digits, dot, dash, underscore). */
const safeName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .replace(/^\.+/, "")
    .slice(-120) || "file";

export async function addResource(
  deps: Pick<Deps, "db" | "storage">,
  request: FastifyRequest,
  lectureId: number,
): Promise<number> {
  const { db, storage } = deps;
  await findLecture(db, lectureId);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(lectureResources)
    .where(eq(lectureResources.lectureId, lectureId));
  if (n >= lectureMediaLimits.maxResources) throw new AppError("conflict", "error.conflict");
  if (!request.isMultipart()) throw AppError.field("file", "catalog.fileRequired");
  let type = "";
  const form = await receiveMultipartToStorage(request, {
    storage,
    maxFileBytes: lectureMediaLimits.resourceMaxBytes,
    maxFiles: 1,
    maxFields: 5,
    maxFieldBytes: 1_000,
    tooLarge: () =>
      new AppError("payload_too_large", "catalog.fileTooLarge", {
        params: { max: lectureMediaLimits.resourceMaxBytes / (1024 * 1024) },
      }),
    place: ({ head, fileName }) => {
      if (head.length === 0) throw AppError.field("file", "catalog.fileRequired");
      const sniffed = resourceType(head, fileName);
      if (!sniffed) throw AppError.field("file", "resources.fileType");
      type = sniffed;
      return {
        key: `lectures/${lectureId}/resources/${randomBytes(6).toString("hex")}-${safeName(fileName)}`,
        contentType: sniffed,
      };
    },
  });
  const file = form.files[0];
  if (!file) throw AppError.field("file", "catalog.fileRequired");
  const title = (form.fields.title ?? "").trim().slice(0, 160) || file.fileName.slice(0, 160);
  const [row] = await db
    .insert(lectureResources)
    .values({
      lectureId,
      title,
      fileName: file.fileName.slice(0, 200),
      contentType: type,
      fileKey: file.key,
      fileBytes: file.size,
      position: n,
    })
    .returning({ id: lectureResources.id });
  invalidateCatalog(db);
  return row!.id;
}

export async function removeResource(deps: Pick<Deps, "db" | "storage" | "log">, id: number) {
  const [removed] = await deps.db
    .delete(lectureResources)
    .where(eq(lectureResources.id, id))
    .returning({ fileKey: lectureResources.fileKey, lectureId: lectureResources.lectureId });
  if (!removed) throw new AppError("not_found", "resources.notFound");
  invalidateCatalog(deps.db);
  await removeStoredFiles(deps, [removed.fileKey], { during: "resource removal", resourceId: id });
}

export async function resourcesOf(db: Db, lectureId: number): Promise<LectureResource[]> {
  const rows = await db
    .select()
    .from(lectureResources)
    .where(eq(lectureResources.lectureId, lectureId))
    .orderBy(asc(lectureResources.position), asc(lectureResources.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    file_name: r.fileName,
    type: r.contentType,
    size_bytes: r.fileBytes,
    url: `/iu/lectures/${lectureId}/resources/${r.id}/file`,
  }));
}

export async function findResource(db: Db, lectureId: number, resourceId: number) {
  const [row] = await db
    .select()
    .from(lectureResources)
    .where(and(eq(lectureResources.id, resourceId), eq(lectureResources.lectureId, lectureId)));
  if (!row) throw new AppError("not_found", "resources.notFound");
  return row;
}
