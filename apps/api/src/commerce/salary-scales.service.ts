/**
 * Salary scales: a country's discount (the spec's discounted_country_range with discount_percentage)
 * for learners who applied from their profile with a qualifying household income category and the
 * declaration that the statement is true. Administrators keep the scales and the categories.
 */
import type {
  householdIncomeCategoryInput,
  LanguageCode,
  salaryScaleApplicationInput,
  salaryScaleInput,
} from "@aprendo/contract";
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../db/client";
import {
  householdIncomeCategories,
  salaryScaleApplications,
  salaryScales,
  userProfiles,
} from "../db/schema/index";
import { AppError } from "../http/errors";

type CategoryRow = typeof householdIncomeCategories.$inferSelect;
type ScaleRow = typeof salaryScales.$inferSelect;

/**
 * The learner's current discount, or null. This is what `GET /auth/me` shows as
 * `salary_scale.discounted_country_range.discount_percentage` (pass it to presentUser).
 */
/** The query of a learner's salary-scale percentage (one row or none); also used inside pricing. */
export function salaryScaleQuery(db: DbOrTx, userId: number) {
  return db
    .select({ discountPercentage: salaryScales.discountPercentage })
    .from(salaryScaleApplications)
    .innerJoin(userProfiles, eq(userProfiles.userId, salaryScaleApplications.userId))
    .innerJoin(
      householdIncomeCategories,
      eq(householdIncomeCategories.id, salaryScaleApplications.householdIncomeCategoryId),
    )
    .innerJoin(salaryScales, eq(salaryScales.country, salaryScaleApplications.country))
    .where(
      and(
        eq(salaryScaleApplications.userId, userId),
        eq(userProfiles.enableSalaryScale, true),
        eq(householdIncomeCategories.qualifies, true),
        eq(householdIncomeCategories.active, true),
        eq(salaryScales.active, true),
      ),
    )
    .limit(1);
}

export async function salaryScaleOf(
  db: DbOrTx,
  userId: number,
): Promise<{ discountPercentage: number } | null> {
  const [row] = await salaryScaleQuery(db, userId);
  return row ?? null;
}

export const presentCategory = (row: CategoryRow, language: LanguageCode) => ({
  id: row.id,
  name: language === "es" ? row.nameEs : row.nameEn,
  name_en: row.nameEn,
  name_es: row.nameEs,
  position: row.position,
  qualifies: row.qualifies,
  active: row.active,
});

export const presentScale = (row: ScaleRow) => ({
  id: row.id,
  country: row.country,
  name: row.name,
  discount_percentage: row.discountPercentage,
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

export async function mySalaryScale(db: Db, userId: number, language: LanguageCode) {
  const [application] = await db
    .select()
    .from(salaryScaleApplications)
    .where(eq(salaryScaleApplications.userId, userId));
  const scales = await db
    .select()
    .from(salaryScales)
    .where(eq(salaryScales.active, true))
    .orderBy(asc(salaryScales.name));
  const categories = await db
    .select()
    .from(householdIncomeCategories)
    .where(eq(householdIncomeCategories.active, true))
    .orderBy(asc(householdIncomeCategories.position), asc(householdIncomeCategories.id));
  const discount = await salaryScaleOf(db, userId);
  return {
    application: application
      ? {
          country: application.country,
          household_income_category_id: application.householdIncomeCategoryId,
          declared_at: application.declaredAt.toISOString(),
        }
      : null,
    discounted_country_range: discount ? { discount_percentage: discount.discountPercentage } : null,
    countries: scales.map((s) => ({ country: s.country, name: s.name })),
    household_income_categories: categories.map((c) => presentCategory(c, language)),
  };
}

export async function applyForSalaryScale(
  db: Db,
  userId: number,
  input: z.output<typeof salaryScaleApplicationInput>,
) {
  const [scale] = await db
    .select({ id: salaryScales.id })
    .from(salaryScales)
    .where(and(eq(salaryScales.country, input.country), eq(salaryScales.active, true)));
  if (!scale) throw AppError.field("country", "commerce.salaryScaleNoCountry");
  const [category] = await db
    .select({ id: householdIncomeCategories.id })
    .from(householdIncomeCategories)
    .where(
      and(
        eq(householdIncomeCategories.id, input.household_income_category_id),
        eq(householdIncomeCategories.active, true),
      ),
    );
  if (!category) throw AppError.field("household_income_category_id", "commerce.incomeCategoryNotFound");
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(salaryScaleApplications)
      .values({
        userId,
        country: input.country,
        householdIncomeCategoryId: input.household_income_category_id,
        declaredAt: now,
      })
      .onConflictDoUpdate({
        target: salaryScaleApplications.userId,
        set: {
          country: input.country,
          householdIncomeCategoryId: input.household_income_category_id,
          declaredAt: now,
          updatedAt: now,
        },
      });
    // The profile's switch (spec section 3 user_profile.enable_salary_scale) follows the application.
    await tx.update(userProfiles).set({ enableSalaryScale: true }).where(eq(userProfiles.userId, userId));
  });
}

export async function withdrawSalaryScale(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(salaryScaleApplications).where(eq(salaryScaleApplications.userId, userId));
    await tx.update(userProfiles).set({ enableSalaryScale: false }).where(eq(userProfiles.userId, userId));
  });
}

// Administration (isSalaryScaleManager).

export async function listScales(db: Db) {
  const rows = await db.select().from(salaryScales).orderBy(asc(salaryScales.country));
  return { data: rows.map(presentScale) };
}

async function scaleRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(salaryScales).where(eq(salaryScales.id, id));
  if (!row) throw new AppError("not_found", "commerce.salaryScaleNotFound");
  return row;
}

export async function getScale(db: Db, id: number) {
  return presentScale(await scaleRow(db, id));
}

const uniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";

export async function saveScale(db: Db, id: number | null, input: z.output<typeof salaryScaleInput>) {
  const values = {
    country: input.country,
    name: input.name,
    discountPercentage: input.discount_percentage,
    active: input.active,
  };
  try {
    if (id === null) {
      const [row] = await db.insert(salaryScales).values(values).returning();
      return presentScale(row!);
    }
    await scaleRow(db, id);
    const [row] = await db
      .update(salaryScales)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(salaryScales.id, id))
      .returning();
    return presentScale(row!);
  } catch (error) {
    if (uniqueViolation(error)) throw AppError.field("country", "commerce.salaryScaleCountryTaken");
    throw error;
  }
}

export async function deleteScale(db: Db, id: number) {
  await scaleRow(db, id);
  await db.delete(salaryScales).where(eq(salaryScales.id, id));
}

export async function listCategories(db: Db, language: LanguageCode) {
  const rows = await db
    .select()
    .from(householdIncomeCategories)
    .orderBy(asc(householdIncomeCategories.position), asc(householdIncomeCategories.id));
  return { data: rows.map((r) => presentCategory(r, language)) };
}

export async function saveCategory(
  db: Db,
  id: number | null,
  input: z.output<typeof householdIncomeCategoryInput>,
  language: LanguageCode,
) {
  const values = {
    nameEn: input.name_en,
    nameEs: input.name_es,
    position: input.position,
    qualifies: input.qualifies,
    active: input.active,
  };
  if (id === null) {
    const [row] = await db.insert(householdIncomeCategories).values(values).returning();
    return presentCategory(row!, language);
  }
  const [row] = await db
    .update(householdIncomeCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(householdIncomeCategories.id, id))
    .returning();
  if (!row) throw new AppError("not_found", "commerce.incomeCategoryNotFound");
  return presentCategory(row, language);
}

export async function deleteCategory(db: Db, id: number) {
  const [used] = await db
    .select({ n: count() })
    .from(salaryScaleApplications)
    .where(eq(salaryScaleApplications.householdIncomeCategoryId, id));
  if ((used?.n ?? 0) > 0) throw new AppError("conflict", "commerce.incomeCategoryInUse");
  const deleted = await db
    .delete(householdIncomeCategories)
    .where(eq(householdIncomeCategories.id, id))
    .returning({ id: householdIncomeCategories.id });
  if (deleted.length === 0) throw new AppError("not_found", "commerce.incomeCategoryNotFound");
}
