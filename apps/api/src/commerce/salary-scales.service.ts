/**
 * Salary scales: a country's discount (the spec's discounted_country_range with discount_percentage)
 * between its effective dates, for learners who declared from their profile a qualifying household
 * income category and that the statement is true. Administrators (isSalaryScaleManager) keep the
 * scales and the categories and review the declarations: a declaration is trusted until reviewed;
 * a rejected one gives no discount until the learner declares again. Every administrator change is
 * written to the audit log in its transaction.
 */
import type {
  HouseholdIncomeCategoryInput,
  LanguageCode,
  SalaryScaleApplicationInput,
  SalaryScaleDeclaration,
  SalaryScaleReviewInput,
  SalaryScaleReviewStatus,
  salaryScaleDeclarationQuery,
  salaryScaleInput,
} from "@aprendo/contract";
import { aliasedTable, and, asc, count, desc, eq, gte, ilike, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Db, DbOrTx } from "../db/client";
import {
  householdIncomeCategories,
  salaryScaleApplications,
  salaryScales,
  userProfiles,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { containsPattern } from "../http/paging";
import { listOrder } from "../http/sorting";

type CategoryRow = typeof householdIncomeCategories.$inferSelect;
type ScaleRow = typeof salaryScales.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);

/** Active and inside its effective dates on `day` (UTC, both ends included). */
const scaleInEffect = (day: string) =>
  and(
    eq(salaryScales.active, true),
    lte(salaryScales.effectiveFrom, day),
    or(isNull(salaryScales.effectiveUntil), gte(salaryScales.effectiveUntil, day)),
  );
const inEffect = (row: ScaleRow, day = today()) =>
  row.active && row.effectiveFrom <= day && (row.effectiveUntil === null || row.effectiveUntil >= day);

/**
 * The query of a learner's salary-scale percentage (one row or none), also used inside pricing. This
 * is what `GET /auth/me` shows as `salary_scale.discounted_country_range.discount_percentage`.
 */
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
        ne(salaryScaleApplications.reviewStatus, "rejected"),
        eq(userProfiles.enableSalaryScale, true),
        eq(householdIncomeCategories.qualifies, true),
        eq(householdIncomeCategories.active, true),
        scaleInEffect(today()),
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

export const presentScale = (row: ScaleRow, declarations = 0) => ({
  id: row.id,
  country: row.country,
  name: row.name,
  discount_percentage: row.discountPercentage,
  effective_from: row.effectiveFrom,
  effective_until: row.effectiveUntil,
  active: row.active,
  in_effect: inEffect(row),
  declarations_count: declarations,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function mySalaryScale(db: Db, userId: number, language: LanguageCode) {
  const [application] = await db
    .select()
    .from(salaryScaleApplications)
    .where(eq(salaryScaleApplications.userId, userId));
  const scales = await db
    .select()
    .from(salaryScales)
    .where(scaleInEffect(today()))
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
          review_status: application.reviewStatus as SalaryScaleReviewStatus,
          review_reason: application.reviewReason,
        }
      : null,
    discounted_country_range: discount ? { discount_percentage: discount.discountPercentage } : null,
    countries: scales.map((s) => ({ country: s.country, name: s.name })),
    household_income_categories: categories.map((c) => presentCategory(c, language)),
  };
}

export async function applyForSalaryScale(db: Db, userId: number, input: SalaryScaleApplicationInput) {
  const [scale] = await db
    .select({ id: salaryScales.id })
    .from(salaryScales)
    .where(and(eq(salaryScales.country, input.country), scaleInEffect(today())));
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
  // A new declaration is a new statement: it waits for a new review (a rejection no longer holds).
  const declared = {
    country: input.country,
    householdIncomeCategoryId: input.household_income_category_id,
    declaredAt: now,
    reviewStatus: "declared",
    reviewReason: null,
    reviewedById: null,
    reviewedAt: null,
  };
  await transaction(db, async (tx) => {
    await tx
      .insert(salaryScaleApplications)
      .values({ userId, ...declared })
      .onConflictDoUpdate({ target: salaryScaleApplications.userId, set: { ...declared, updatedAt: now } });
    // The profile's switch (spec section 3 user_profile.enable_salary_scale) follows the application.
    await tx.update(userProfiles).set({ enableSalaryScale: true }).where(eq(userProfiles.userId, userId));
  });
}

export async function withdrawSalaryScale(db: Db, userId: number) {
  await transaction(db, async (tx) => {
    await tx.delete(salaryScaleApplications).where(eq(salaryScaleApplications.userId, userId));
    await tx.update(userProfiles).set({ enableSalaryScale: false }).where(eq(userProfiles.userId, userId));
  });
}

/* ------------------------------------------------- administration: scales */

const declarationsCount = sql<number>`(SELECT count(*) FROM salary_scale_applications a WHERE a.country = "salary_scales"."country")::int`;

export async function listScales(db: Db) {
  const rows = await db
    .select({ row: salaryScales, n: declarationsCount })
    .from(salaryScales)
    .orderBy(asc(salaryScales.country));
  return { data: rows.map((r) => presentScale(r.row, r.n)) };
}

async function scaleRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(salaryScales).where(eq(salaryScales.id, id));
  if (!row) throw new AppError("not_found", "commerce.salaryScaleNotFound");
  return row;
}

export async function getScale(db: Db, id: number) {
  const [found] = await db
    .select({ row: salaryScales, n: declarationsCount })
    .from(salaryScales)
    .where(eq(salaryScales.id, id));
  if (!found) throw new AppError("not_found", "commerce.salaryScaleNotFound");
  return presentScale(found.row, found.n);
}

const uniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";

/** What the audit log keeps of a scale. */
const scaleRecord = (row: ScaleRow) => ({
  country: row.country,
  name: row.name,
  discount_percentage: row.discountPercentage,
  effective_from: row.effectiveFrom,
  effective_until: row.effectiveUntil,
  active: row.active,
});

export async function saveScale(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: z.output<typeof salaryScaleInput>,
) {
  const values = {
    country: input.country,
    name: input.name,
    discountPercentage: input.discount_percentage,
    effectiveFrom: input.effective_from ?? today(),
    effectiveUntil: input.effective_until ?? null,
    active: input.active,
  };
  const before = id === null ? null : await scaleRow(db, id);
  try {
    const saved = await transaction(db, async (tx) => {
      const [row] =
        id === null
          ? await tx.insert(salaryScales).values(values).returning()
          : await tx
              .update(salaryScales)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(salaryScales.id, id))
              .returning();
      if (!row) throw new AppError("not_found", "commerce.salaryScaleNotFound");
      await recordAudit(tx, actor, {
        action: id === null ? "salary_scale.create" : "salary_scale.update",
        entity: "salary_scale",
        entityId: row.id,
        before: before && scaleRecord(before),
        after: scaleRecord(row),
      });
      return row;
    });
    return getScale(db, saved.id);
  } catch (error) {
    if (uniqueViolation(error)) throw AppError.field("country", "commerce.salaryScaleCountryTaken");
    throw error;
  }
}

export async function deleteScale(db: Db, actor: AuditActor, id: number) {
  const row = await scaleRow(db, id);
  await transaction(db, async (tx) => {
    await tx.delete(salaryScales).where(eq(salaryScales.id, id));
    await recordAudit(tx, actor, {
      action: "salary_scale.delete",
      entity: "salary_scale",
      entityId: id,
      before: scaleRecord(row),
    });
  });
}

/* --------------------------------------------- administration: categories */

export async function listCategories(db: Db, language: LanguageCode) {
  const rows = await db
    .select()
    .from(householdIncomeCategories)
    .orderBy(asc(householdIncomeCategories.position), asc(householdIncomeCategories.id));
  return { data: rows.map((r) => presentCategory(r, language)) };
}

const categoryRecord = (row: CategoryRow) => ({
  name_en: row.nameEn,
  name_es: row.nameEs,
  position: row.position,
  qualifies: row.qualifies,
  active: row.active,
});

export async function saveCategory(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: HouseholdIncomeCategoryInput,
  language: LanguageCode,
) {
  const values = {
    nameEn: input.name_en,
    nameEs: input.name_es,
    position: input.position ?? 0,
    qualifies: input.qualifies ?? true,
    active: input.active ?? true,
  };
  return transaction(db, async (tx) => {
    const [before] =
      id === null
        ? [null]
        : await tx.select().from(householdIncomeCategories).where(eq(householdIncomeCategories.id, id));
    if (before === undefined) throw new AppError("not_found", "commerce.incomeCategoryNotFound");
    const [row] =
      id === null
        ? await tx.insert(householdIncomeCategories).values(values).returning()
        : await tx
            .update(householdIncomeCategories)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(householdIncomeCategories.id, id))
            .returning();
    await recordAudit(tx, actor, {
      action: id === null ? "income_category.create" : "income_category.update",
      entity: "household_income_category",
      entityId: row!.id,
      before: before && categoryRecord(before),
      after: categoryRecord(row!),
    });
    return presentCategory(row!, language);
  });
}

export async function deleteCategory(db: Db, actor: AuditActor, id: number) {
  const [used] = await db
    .select({ n: count() })
    .from(salaryScaleApplications)
    .where(eq(salaryScaleApplications.householdIncomeCategoryId, id));
  if ((used?.n ?? 0) > 0) throw new AppError("conflict", "commerce.incomeCategoryInUse");
  await transaction(db, async (tx) => {
    const [deleted] = await tx
      .delete(householdIncomeCategories)
      .where(eq(householdIncomeCategories.id, id))
      .returning();
    if (!deleted) throw new AppError("not_found", "commerce.incomeCategoryNotFound");
    await recordAudit(tx, actor, {
      action: "income_category.delete",
      entity: "household_income_category",
      entityId: id,
      before: categoryRecord(deleted),
    });
  });
}

/* ------------------------------------------- administration: declarations */

const reviewer = aliasedTable(users, "reviewer");

const declarationRows = (db: DbOrTx) =>
  db
    .select({
      application: salaryScaleApplications,
      user: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
      category: householdIncomeCategories,
      scale: salaryScales,
      reviewer: { id: reviewer.id, username: reviewer.username },
      enabled: userProfiles.enableSalaryScale,
    })
    .from(salaryScaleApplications)
    .innerJoin(users, eq(users.id, salaryScaleApplications.userId))
    .innerJoin(
      householdIncomeCategories,
      eq(householdIncomeCategories.id, salaryScaleApplications.householdIncomeCategoryId),
    )
    .leftJoin(salaryScales, eq(salaryScales.country, salaryScaleApplications.country))
    .leftJoin(reviewer, eq(reviewer.id, salaryScaleApplications.reviewedById))
    .leftJoin(userProfiles, eq(userProfiles.userId, salaryScaleApplications.userId));

type DeclarationRow = {
  application: typeof salaryScaleApplications.$inferSelect;
  user: {
    id: number;
    username: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  };
  category: CategoryRow;
  scale: ScaleRow | null;
  reviewer: { id: number; username: string } | null;
  enabled: boolean | null;
};

function presentDeclaration(row: DeclarationRow, language: LanguageCode): SalaryScaleDeclaration {
  const { application: a, scale, category } = row;
  const status = a.reviewStatus as SalaryScaleReviewStatus;
  // The same rule as salaryScaleQuery, on the row already read.
  const gets =
    scale &&
    inEffect(scale) &&
    row.enabled === true &&
    category.qualifies &&
    category.active &&
    status !== "rejected";
  return {
    user: {
      id: row.user.id,
      username: row.user.username,
      name: `${row.user.firstName ?? ""} ${row.user.lastName ?? ""}`.trim(),
      email: row.user.email,
    },
    country: a.country,
    scale: scale
      ? {
          id: scale.id,
          name: scale.name,
          discount_percentage: scale.discountPercentage,
          in_effect: inEffect(scale),
        }
      : null,
    household_income_category: {
      id: category.id,
      name: language === "es" ? category.nameEs : category.nameEn,
      qualifies: category.qualifies,
      active: category.active,
    },
    statement_true: true,
    declared_at: a.declaredAt.toISOString(),
    review_status: status,
    review_reason: a.reviewReason,
    reviewed_by: row.reviewer?.id ? { id: row.reviewer.id, username: row.reviewer.username } : null,
    reviewed_at: a.reviewedAt?.toISOString() ?? null,
    discount_percentage: gets && scale ? scale.discountPercentage : null,
  };
}

export async function listDeclarations(
  db: Db,
  query: z.output<typeof salaryScaleDeclarationQuery>,
  language: LanguageCode,
) {
  const search = query.search?.trim();
  const where = and(
    query.status ? eq(salaryScaleApplications.reviewStatus, query.status) : undefined,
    search
      ? or(
          ilike(users.username, containsPattern(search)),
          ilike(users.email, containsPattern(search)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(search)),
          eq(salaryScaleApplications.country, search.toUpperCase()),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    declarationRows(db)
      .where(where)
      .orderBy(
        ...listOrder(
          query.sort,
          {
            learner: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
            country: salaryScaleApplications.country,
            category: sql`lower(${householdIncomeCategories.nameEn})`,
            declared_at: salaryScaleApplications.declaredAt,
            discount: salaryScales.discountPercentage,
          },
          salaryScaleApplications.userId,
          [desc(salaryScaleApplications.declaredAt), desc(salaryScaleApplications.userId)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: count() })
      .from(salaryScaleApplications)
      .innerJoin(users, eq(users.id, salaryScaleApplications.userId))
      .where(where),
  ]);
  return { data: rows.map((r) => presentDeclaration(r, language)), total: total?.n ?? 0 };
}

export async function userDeclaration(db: DbOrTx, userId: number, language: LanguageCode) {
  const [row] = await declarationRows(db).where(eq(salaryScaleApplications.userId, userId));
  return row ? presentDeclaration(row, language) : null;
}

export async function reviewDeclaration(
  db: Db,
  actor: AuditActor,
  userId: number,
  input: SalaryScaleReviewInput,
  language: LanguageCode,
) {
  return transaction(db, async (tx) => {
    const before = await userDeclaration(tx, userId, language);
    if (!before) throw new AppError("not_found", "commerce.salaryScaleDeclarationNotFound");
    const rejected = input.decision === "reject";
    await tx
      .update(salaryScaleApplications)
      .set({
        reviewStatus: rejected ? "rejected" : "confirmed",
        reviewReason: rejected ? input.reason : null,
        reviewedById: actor.userId,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(salaryScaleApplications.userId, userId));
    const after = (await userDeclaration(tx, userId, language))!;
    const record = (d: SalaryScaleDeclaration) => ({
      country: d.country,
      household_income_category_id: d.household_income_category.id,
      declared_at: d.declared_at,
      review_status: d.review_status,
      review_reason: d.review_reason,
      discount_percentage: d.discount_percentage,
    });
    await recordAudit(tx, actor, {
      action: `salary_scale_declaration.${rejected ? "reject" : "confirm"}`,
      entity: "user",
      entityId: userId,
      before: record(before),
      after: record(after),
    });
    return after;
  });
}
