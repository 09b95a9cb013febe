/** FAQ categories and entries in English and Spanish: public reading with search, and administration. */
import type {
  FaqCategoryInput,
  FaqEntryInput,
  FaqEntryPublic,
  FaqEntrySortKey,
  FaqPublicList,
} from "@aprendo/contract";
import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { faqCategories, faqEntries } from "../db/schema/index";
import { AppError } from "../http/errors";
import { containsPattern, pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";

type CategoryRow = typeof faqCategories.$inferSelect;
type EntryRow = typeof faqEntries.$inferSelect;

const categoryNotFound = () => new AppError("not_found", "faqs.categoryNotFound");
const entryNotFound = () => new AppError("not_found", "faqs.notFound");
const categoryOrder = [asc(faqCategories.position), asc(faqCategories.id)];
const entryOrder = [asc(faqEntries.position), asc(faqEntries.id)];

const presentEntryPublic = (row: EntryRow): FaqEntryPublic => ({
  id: row.id,
  category_id: row.categoryId,
  question: { en: row.questionEn, es: row.questionEs },
  answer: { en: row.answerEn, es: row.answerEs },
  updated_at: row.updatedAt.toISOString(),
});

const presentCategory = (row: CategoryRow, entriesCount: number) => ({
  id: row.id,
  name: { en: row.nameEn, es: row.nameEs },
  entries_count: entriesCount,
  position: row.position,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const presentEntry = (row: EntryRow, category: CategoryRow) => ({
  ...presentEntryPublic(row),
  category: { id: category.id, name: { en: category.nameEn, es: category.nameEs } },
  position: row.position,
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

function searchCondition(search: string | undefined) {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(faqEntries.questionEn, pattern),
    ilike(faqEntries.questionEs, pattern),
    ilike(faqEntries.answerEn, pattern),
    ilike(faqEntries.answerEs, pattern),
  );
}

/* ------------------------------------------------------------------ reading (public and learners) */

const published = and(eq(faqEntries.active, true), eq(faqCategories.active, true));

/** Published entries grouped by category; with a search, only the categories with a match. */
export async function publicFaqs(
  db: DbOrTx,
  query: { search?: string | undefined; category_id?: number | undefined },
): Promise<FaqPublicList> {
  const rows = await db
    .select({ entry: faqEntries, category: faqCategories })
    .from(faqEntries)
    .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
    .where(
      and(
        published,
        query.category_id ? eq(faqEntries.categoryId, query.category_id) : undefined,
        searchCondition(query.search),
      ),
    )
    .orderBy(...categoryOrder, ...entryOrder);
  const groups = new Map<number, FaqPublicList["data"][number]>();
  for (const { entry, category } of rows) {
    let group = groups.get(category.id);
    if (!group) {
      group = {
        id: category.id,
        name: { en: category.nameEn, es: category.nameEs },
        entries_count: 0,
        entries: [],
      };
      groups.set(category.id, group);
    }
    group.entries.push(presentEntryPublic(entry));
    group.entries_count += 1;
  }
  return { data: [...groups.values()], total: rows.length };
}

export async function publicCategories(db: DbOrTx) {
  const rows = await db
    .select({ category: faqCategories, n: count(faqEntries.id) })
    .from(faqCategories)
    .leftJoin(faqEntries, and(eq(faqEntries.categoryId, faqCategories.id), eq(faqEntries.active, true)))
    .where(eq(faqCategories.active, true))
    .groupBy(faqCategories.id)
    .orderBy(...categoryOrder);
  return rows
    .filter((r) => r.n > 0)
    .map((r) => ({
      id: r.category.id,
      name: { en: r.category.nameEn, es: r.category.nameEs },
      entries_count: r.n,
    }));
}

/** One published entry with its category and up to five other entries of the same category. */
export async function publicFaq(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ entry: faqEntries, category: faqCategories })
    .from(faqEntries)
    .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
    .where(and(eq(faqEntries.id, id), published));
  if (!found) throw entryNotFound();
  const related = await db
    .select()
    .from(faqEntries)
    .where(
      and(eq(faqEntries.categoryId, found.category.id), eq(faqEntries.active, true), ne(faqEntries.id, id)),
    )
    .orderBy(...entryOrder)
    .limit(5);
  return {
    data: {
      ...presentEntryPublic(found.entry),
      category: { id: found.category.id, name: { en: found.category.nameEn, es: found.category.nameEs } },
    },
    related: related.map(presentEntryPublic),
  };
}

/* ------------------------------------------------------------------ categories (FAQ category manager) */

const entriesCount = sql<number>`(SELECT count(*) FROM faq_entries e WHERE e.category_id = "faq_categories"."id")::int`;

export async function listCategories(db: DbOrTx) {
  const rows = await db
    .select({ row: faqCategories, n: entriesCount })
    .from(faqCategories)
    .orderBy(...categoryOrder);
  return rows.map((r) => presentCategory(r.row, r.n));
}

export async function getCategory(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ row: faqCategories, n: entriesCount })
    .from(faqCategories)
    .where(eq(faqCategories.id, id));
  if (!found) throw categoryNotFound();
  return presentCategory(found.row, found.n);
}

const categoryValues = (input: FaqCategoryInput) => ({
  nameEn: input.name.en,
  nameEs: input.name.es,
  position: input.position,
  active: input.active,
});

export async function createCategory(db: DbOrTx, input: FaqCategoryInput) {
  const [row] = await db.insert(faqCategories).values(categoryValues(input)).returning();
  return presentCategory(row!, 0);
}

export async function updateCategory(db: DbOrTx, id: number, input: FaqCategoryInput) {
  const updated = await db
    .update(faqCategories)
    .set({ ...categoryValues(input), updatedAt: new Date() })
    .where(eq(faqCategories.id, id))
    .returning({ id: faqCategories.id });
  if (updated.length === 0) throw categoryNotFound();
  return getCategory(db, id);
}

export async function deleteCategory(db: DbOrTx, id: number) {
  const category = await getCategory(db, id);
  if (category.entries_count > 0) throw new AppError("conflict", "faqs.categoryInUse");
  await db.delete(faqCategories).where(eq(faqCategories.id, id));
}

/* ------------------------------------------------------------------ entries (FAQ manager) */

export async function listEntries(
  db: DbOrTx,
  query: {
    search?: string | undefined;
    category_id?: number | undefined;
    sort?: FaqEntrySortKey | `-${FaqEntrySortKey}` | undefined;
    page: number;
    per_page: number;
  },
) {
  const where = and(
    query.category_id ? eq(faqEntries.categoryId, query.category_id) : undefined,
    searchCondition(query.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: faqEntries, category: faqCategories })
      .from(faqEntries)
      .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
      .where(where)
      .orderBy(
        ...listOrder(
          query.sort,
          {
            question: sql`lower(${faqEntries.questionEn})`,
            category: sql`lower(${faqCategories.nameEn})`,
            position: faqEntries.position,
            active: faqEntries.active,
            updated_at: faqEntries.updatedAt,
          },
          faqEntries.id,
          [...categoryOrder, ...entryOrder],
        ),
      )
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(faqEntries).where(where),
  ]);
  return { data: rows.map((r) => presentEntry(r.entry, r.category)), total: total?.n ?? 0 };
}

export async function getEntry(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ entry: faqEntries, category: faqCategories })
    .from(faqEntries)
    .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
    .where(eq(faqEntries.id, id));
  if (!found) throw entryNotFound();
  return presentEntry(found.entry, found.category);
}

async function ensureCategory(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, id));
  if (!row) throw AppError.field("category_id", "faqs.categoryNotFound");
}

const entryValues = (input: FaqEntryInput) => ({
  categoryId: input.category_id,
  questionEn: input.question.en,
  questionEs: input.question.es,
  answerEn: input.answer.en,
  answerEs: input.answer.es,
  position: input.position,
  active: input.active,
});

export async function createEntry(db: DbOrTx, input: FaqEntryInput) {
  await ensureCategory(db, input.category_id);
  const [row] = await db.insert(faqEntries).values(entryValues(input)).returning({ id: faqEntries.id });
  return getEntry(db, row!.id);
}

export async function updateEntry(db: DbOrTx, id: number, input: FaqEntryInput) {
  await ensureCategory(db, input.category_id);
  const updated = await db
    .update(faqEntries)
    .set({ ...entryValues(input), updatedAt: new Date() })
    .where(eq(faqEntries.id, id))
    .returning({ id: faqEntries.id });
  if (updated.length === 0) throw entryNotFound();
  return getEntry(db, id);
}

export async function deleteEntry(db: DbOrTx, id: number) {
  const deleted = await db.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
  if (deleted.length === 0) throw entryNotFound();
}
