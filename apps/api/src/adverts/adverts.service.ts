/**
 * Advertisement blocks (groups of adverts, each shown at one placement of the web app) and their
 * adverts, managed by the advert manager. An advert is live when it is active, inside its dates, has
 * an image and its block is active. Every change is written to the audit log in its transaction.
 */
import { randomUUID } from "node:crypto";
import type {
  AdvertInput,
  AdvertItem,
  AdvertisementBlockInput,
  AdvertPlacement,
  AdvertSortKey,
} from "@aprendo/contract";
import { and, asc, count, eq, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { advertisementBlocks, adverts } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import { extensionOf, type ImageType } from "../storage/sniff";

type BlockRow = typeof advertisementBlocks.$inferSelect;
type AdvertRow = typeof adverts.$inferSelect;
export type AdvertImage = { data: Buffer; mimeType: ImageType };

const blockNotFound = () => new AppError("not_found", "adverts.blockNotFound");
const advertNotFound = () => new AppError("not_found", "adverts.notFound");
const today = () => new Date().toISOString().slice(0, 10);

export const advertImageUrl = (row: AdvertRow) =>
  row.imageKey ? `/api/adverts/${row.id}/image?v=${row.updatedAt.getTime()}` : null;

/* ------------------------------------------------------------------ blocks */

const advertsCount = sql<number>`(SELECT count(*) FROM adverts a WHERE a.block_id = "advertisement_blocks"."id")::int`;

const presentBlock = (row: BlockRow, n: number) => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  placement: row.placement as AdvertPlacement,
  active: row.active,
  adverts_count: n,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listBlocks(db: DbOrTx) {
  const rows = await db
    .select({ row: advertisementBlocks, n: advertsCount })
    .from(advertisementBlocks)
    .orderBy(asc(advertisementBlocks.key));
  return rows.map((r) => presentBlock(r.row, r.n));
}

export async function getBlock(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ row: advertisementBlocks, n: advertsCount })
    .from(advertisementBlocks)
    .where(eq(advertisementBlocks.id, id));
  if (!found) throw blockNotFound();
  return presentBlock(found.row, found.n);
}

const uniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";

async function keyTakenGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw AppError.field("key", "adverts.blockKeyTaken");
    throw error;
  }
}

/** What the audit log keeps of a block: its fields as the administrator set them. */
const blockRecord = (b: {
  key: string;
  name: string;
  description: string | null;
  placement: string;
  active: boolean;
}) => ({
  key: b.key,
  name: b.name,
  description: b.description,
  placement: b.placement,
  active: b.active,
});

export async function createBlock(db: Db, actor: AuditActor, input: AdvertisementBlockInput) {
  const row = await keyTakenGuard(() =>
    transaction(db, async (tx) => {
      const [inserted] = await tx.insert(advertisementBlocks).values(input).returning();
      await recordAudit(tx, actor, {
        action: "advert_block.create",
        entity: "advertisement_block",
        entityId: inserted!.id,
        after: blockRecord(inserted!),
      });
      return inserted!;
    }),
  );
  return presentBlock(row, 0);
}

export async function updateBlock(db: Db, actor: AuditActor, id: number, input: AdvertisementBlockInput) {
  const before = await getBlock(db, id);
  await keyTakenGuard(() =>
    transaction(db, async (tx) => {
      const [row] = await tx
        .update(advertisementBlocks)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(advertisementBlocks.id, id))
        .returning();
      if (!row) throw blockNotFound();
      await recordAudit(tx, actor, {
        action: "advert_block.update",
        entity: "advertisement_block",
        entityId: id,
        before: blockRecord(before),
        after: blockRecord(row),
      });
    }),
  );
  return getBlock(db, id);
}

export async function deleteBlock(db: Db, actor: AuditActor, id: number) {
  const block = await getBlock(db, id);
  if (block.adverts_count > 0) throw new AppError("conflict", "adverts.blockInUse");
  await transaction(db, async (tx) => {
    await tx.delete(advertisementBlocks).where(eq(advertisementBlocks.id, id));
    await recordAudit(tx, actor, {
      action: "advert_block.delete",
      entity: "advertisement_block",
      entityId: id,
      before: blockRecord(block),
    });
  });
}

/* ------------------------------------------------------------------ adverts */

const liveAt = (day: string) =>
  and(
    eq(adverts.active, true),
    eq(advertisementBlocks.active, true),
    isNotNull(adverts.imageKey),
    lte(adverts.startsOn, day),
    or(isNull(adverts.endsOn), gte(adverts.endsOn, day)),
  );

function presentAdvert(row: AdvertRow, block: BlockRow): AdvertItem {
  const day = today();
  return {
    id: row.id,
    block: { id: block.id, key: block.key, name: block.name, placement: block.placement as AdvertPlacement },
    title: { en: row.titleEn, es: row.titleEs },
    image_url: advertImageUrl(row),
    link_url: row.linkUrl,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    active: row.active,
    position: row.position,
    is_live:
      row.active &&
      block.active &&
      row.imageKey !== null &&
      row.startsOn <= day &&
      (row.endsOn === null || row.endsOn >= day),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const withBlock = (db: DbOrTx) =>
  db
    .select({ advert: adverts, block: advertisementBlocks })
    .from(adverts)
    .innerJoin(advertisementBlocks, eq(advertisementBlocks.id, adverts.blockId));

export async function listAdverts(
  db: DbOrTx,
  q: {
    block_id?: number | undefined;
    sort?: AdvertSortKey | `-${AdvertSortKey}` | undefined;
    page: number;
    per_page: number;
  },
) {
  const where = q.block_id ? eq(adverts.blockId, q.block_id) : undefined;
  const [rows, [total]] = await Promise.all([
    withBlock(db)
      .where(where)
      .orderBy(
        ...listOrder(
          q.sort,
          {
            title: sql`lower(${adverts.titleEn})`,
            block: advertisementBlocks.key,
            starts_on: adverts.startsOn,
            active: adverts.active,
          },
          adverts.id,
          [asc(advertisementBlocks.key), asc(adverts.position), asc(adverts.id)],
        ),
      )
      .limit(q.per_page)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(adverts).where(where),
  ]);
  return { data: rows.map((r) => presentAdvert(r.advert, r.block)), total: total?.n ?? 0 };
}

async function advertRow(db: DbOrTx, id: number) {
  const [found] = await withBlock(db).where(eq(adverts.id, id));
  if (!found) throw advertNotFound();
  return found;
}

export async function getAdvert(db: DbOrTx, id: number): Promise<AdvertItem> {
  const found = await advertRow(db, id);
  return presentAdvert(found.advert, found.block);
}

async function ensureBlock(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: advertisementBlocks.id })
    .from(advertisementBlocks)
    .where(eq(advertisementBlocks.id, id));
  if (!row) throw AppError.field("block_id", "adverts.blockNotFound");
}

const values = (input: AdvertInput) => ({
  blockId: input.block_id,
  titleEn: input.title.en,
  titleEs: input.title.es,
  linkUrl: input.link_url,
  startsOn: input.starts_on,
  endsOn: input.ends_on ?? null,
  active: input.active,
  position: input.position,
});

async function storeImage(deps: Deps, id: number, image: AdvertImage): Promise<string> {
  const key = `adverts/${id}/${randomUUID()}.${extensionOf[image.mimeType]}`;
  await deps.storage.put(key, image.data);
  return key;
}

/** What the audit log keeps of an advert (the image by its stored key). */
const advertRecord = (row: AdvertRow) => ({
  block_id: row.blockId,
  title_en: row.titleEn,
  title_es: row.titleEs,
  link_url: row.linkUrl,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  active: row.active,
  position: row.position,
  image: row.imageKey,
});

/** An image no row points at any more: removing it is tidying, so a failure is logged, not raised. */
async function dropImage(deps: Deps, key: string) {
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.log.warn({ err: error, key }, "adverts: an old advert image could not be deleted");
  }
}

export async function createAdvert(
  deps: Deps,
  actor: AuditActor,
  input: AdvertInput,
  image: AdvertImage,
): Promise<AdvertItem> {
  await ensureBlock(deps.db, input.block_id);
  const id = await transaction(deps.db, async (tx) => {
    const [row] = await tx.insert(adverts).values(values(input)).returning({ id: adverts.id });
    const key = await storeImage(deps, row!.id, image);
    const [stored] = await tx
      .update(adverts)
      .set({ imageKey: key, imageMime: image.mimeType })
      .where(eq(adverts.id, row!.id))
      .returning();
    await recordAudit(tx, actor, {
      action: "advert.create",
      entity: "advert",
      entityId: row!.id,
      after: advertRecord(stored!),
    });
    return row!.id;
  });
  return getAdvert(deps.db, id);
}

export async function updateAdvert(
  deps: Deps,
  actor: AuditActor,
  id: number,
  input: AdvertInput,
  image: AdvertImage | null,
): Promise<AdvertItem> {
  const current = await advertRow(deps.db, id);
  await ensureBlock(deps.db, input.block_id);
  const key = image ? await storeImage(deps, id, image) : null;
  await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(adverts)
      .set({
        ...values(input),
        ...(key && image ? { imageKey: key, imageMime: image.mimeType } : {}),
        updatedAt: new Date(),
      })
      .where(eq(adverts.id, id))
      .returning();
    if (!row) throw advertNotFound();
    await recordAudit(tx, actor, {
      action: "advert.update",
      entity: "advert",
      entityId: id,
      before: advertRecord(current.advert),
      after: advertRecord(row),
    });
  });
  if (key && current.advert.imageKey) await dropImage(deps, current.advert.imageKey);
  return getAdvert(deps.db, id);
}

export async function deleteAdvert(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  const row = await transaction(deps.db, async (tx) => {
    const [deleted] = await tx.delete(adverts).where(eq(adverts.id, id)).returning();
    if (!deleted) throw advertNotFound();
    await recordAudit(tx, actor, {
      action: "advert.delete",
      entity: "advert",
      entityId: id,
      before: advertRecord(deleted),
    });
    return deleted;
  });
  if (row.imageKey) await dropImage(deps, row.imageKey);
}

/** The adverts shown now at a placement (every active block there), for learner and guest pages. */
export async function liveAdverts(db: DbOrTx, placement: AdvertPlacement) {
  const rows = await withBlock(db)
    .where(and(eq(advertisementBlocks.placement, placement), liveAt(today())))
    .orderBy(asc(adverts.position), asc(advertisementBlocks.key), asc(adverts.id));
  return rows.map(({ advert }) => ({
    id: advert.id,
    title: { en: advert.titleEn, es: advert.titleEs },
    image_url: advertImageUrl(advert)!,
    link_url: advert.linkUrl,
  }));
}

export async function advertImage(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(adverts).where(eq(adverts.id, id));
  if (!row?.imageKey || !row.imageMime) throw advertNotFound();
  const file = await deps.storage.get(row.imageKey);
  if (!file) throw advertNotFound();
  return { file, mimeType: row.imageMime };
}
