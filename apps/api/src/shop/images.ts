/**
 * Product cover images: uploaded by the back office (JPEG, PNG or WebP, checked by content, at most
 * 2 MB), kept in private storage under `products/{id}/{random}.{ext}` (the extension gives the type
 * back), served publicly with a long cache (the URL carries `?v=` the image version).
 */
import { randomUUID } from "node:crypto";
import { MB, shopLimits } from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Deps } from "../context";
import { products } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { tooLarge } from "../http/multipart";
import type { Submission } from "../http/submission";
import { cleanImage } from "../storage/images";
import { removeStoredFiles } from "../storage/remove-files";
import { extensionOf, sniffImage } from "../storage/sniff";

const mimeOf: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** How the route reads a cover upload (`readSubmission(request, productImageUpload)`). */
export const productImageUpload = {
  maxFileBytes: shopLimits.imageMaxBytes,
  tooLarge: () => tooLarge("image", "shop.imageTooLarge", { max: shopLimits.imageMaxBytes / MB }),
};

export async function uploadProductImage(
  deps: Pick<Deps, "db" | "storage" | "log">,
  actor: AuditActor,
  id: number,
  submission: Submission,
) {
  const file = submission.files.find((f) => f.fieldName === "image") ?? submission.files[0];
  if (!file) throw AppError.field("image", "validation.required");
  const type = sniffImage(file.data);
  if (!type || type === "image/gif") throw AppError.field("image", "shop.imageType");
  const image = await cleanImage(file.data, type, { field: "image" });
  const key = `products/${id}/${randomUUID()}.${extensionOf[type]}`;
  const [before] = await deps.db.select().from(products).where(eq(products.id, id));
  if (!before) throw new AppError("not_found", "shop.productNotFound");
  await deps.storage.put(key, image);
  await transaction(deps.db, async (tx) => {
    const [after] = await tx
      .update(products)
      .set({ imageKey: key, imageVersion: sql`${products.imageVersion} + 1`, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "product.image",
      entity: "product",
      entityId: id,
      before: { imageKey: before.imageKey },
      after: { imageKey: after!.imageKey },
    });
  });
  await removeStoredFiles(deps, [before.imageKey], { during: "product image replaced", productId: id });
}

export async function removeProductImage(
  deps: Pick<Deps, "db" | "storage" | "log">,
  actor: AuditActor,
  id: number,
) {
  const [before] = await deps.db.select().from(products).where(eq(products.id, id));
  if (!before) throw new AppError("not_found", "shop.productNotFound");
  if (!before.imageKey) return;
  await transaction(deps.db, async (tx) => {
    await tx
      .update(products)
      .set({ imageKey: null, imageVersion: sql`${products.imageVersion} + 1`, updatedAt: new Date() })
      .where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action: "product.image",
      entity: "product",
      entityId: id,
      before: { imageKey: before.imageKey },
      after: { imageKey: null },
    });
  });
  await removeStoredFiles(deps, [before.imageKey], { during: "product image removed", productId: id });
}

export async function productImage(deps: Pick<Deps, "db" | "storage" | "log">, id: number) {
  const [row] = await deps.db
    .select({ key: products.imageKey, status: products.status })
    .from(products)
    .where(eq(products.id, id));
  if (!row?.key) throw new AppError("not_found", "shop.productNotFound");
  const file = await deps.storage.get(row.key);
  if (!file) throw new AppError("not_found", "shop.productNotFound");
  return { file, mimeType: mimeOf[row.key.split(".").pop() ?? ""] ?? "application/octet-stream" };
}
