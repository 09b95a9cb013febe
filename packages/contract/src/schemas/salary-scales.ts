/**
 * Salary scales (spec sections 3 and 5, flag 27 isSalaryScaleManager): a country's discount — the
 * spec's discounted_country_range with its discount_percentage — between effective dates, household
 * income categories, and learners' declarations (country, category and "the statement is true").
 *
 * Learner (role 1):
 *   GET  /iu/salary-scale                        my declaration + countries and categories to choose from
 *   POST /iu/salary-scale                        salaryScaleApplicationInput (declaration required)
 *   DELETE /iu/salary-scale                      withdraw
 * Administrator (isSalaryScaleManager):
 *   GET|POST /af/salary-scales, GET|PUT|DELETE /af/salary-scales/{id}
 *   GET|POST /af/household-income-categories, PUT|DELETE /af/household-income-categories/{id}
 *   GET  /af/salary-scale-declarations?status=&search=&page=&per_page=   declarations to review
 *   GET  /af/users/{id}/salary-scale             a learner's declaration (null: none)
 *   POST /af/users/{id}/salary-scale/review      salaryScaleReviewInput: confirm, or reject with a reason
 */
import { z } from "zod";
import { pageQuery, paginated, sortQuery } from "./common";
import { dateField, idParam, msg, text } from "./validators";

const id = z.number().int().positive();
const countryCode = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .regex(/^[A-Za-z]{2}$/, { error: msg.oneOf })
  .transform((v) => v.toUpperCase());

export const salaryScaleApplicationInput = z.object({
  country: countryCode,
  household_income_category_id: idParam,
  /** The declaration that the statement is true (spec section 5): must be true. */
  declaration: z.literal(true, { error: msg.required }),
});
export type SalaryScaleApplicationInput = z.infer<typeof salaryScaleApplicationInput>;

export const householdIncomeCategory = z.object({
  id,
  name: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  position: z.number().int(),
  qualifies: z.boolean(),
  active: z.boolean(),
});
export type HouseholdIncomeCategory = z.infer<typeof householdIncomeCategory>;
export const householdIncomeCategoryInput = z.object({
  name_en: text(1, 120),
  name_es: text(1, 120),
  position: z.number().int().min(0).max(1000).default(0),
  /** Learners in this category get their country's discount. */
  qualifies: z.boolean().default(true),
  active: z.boolean().default(true),
});
export type HouseholdIncomeCategoryInput = z.infer<typeof householdIncomeCategoryInput>;
export const householdIncomeCategoryList = z.object({ data: z.array(householdIncomeCategory) });

export const salaryScaleLimits = {
  percentageMin: 1,
  percentageMax: 90,
  reasonMin: 3,
  reasonMax: 300,
} as const;

/** A country's salary scale: the spec's discounted_country_range with its discount_percentage. */
export const salaryScale = z.object({
  id,
  country: z.string(),
  name: z.string(),
  discount_percentage: z.number(),
  /** First and last day (UTC, both included) the discount applies; no last day: until changed. */
  effective_from: z.string(),
  effective_until: z.string().nullable(),
  active: z.boolean(),
  /** Active and inside its dates today: learners of the country get the discount now. */
  in_effect: z.boolean(),
  /** Learners who declared this country. */
  declarations_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SalaryScale = z.infer<typeof salaryScale>;
export const salaryScaleInput = z
  .object({
    country: countryCode,
    name: text(1, 120),
    discount_percentage: z
      .number({ error: msg.required })
      .int({ error: msg.invalidCharacters })
      .min(salaryScaleLimits.percentageMin, {
        error: msg.min(salaryScaleLimits.percentageMin, "entry.number"),
      })
      .max(salaryScaleLimits.percentageMax, {
        error: msg.max(salaryScaleLimits.percentageMax, "entry.number"),
      }),
    /** Omitted: from today. */
    effective_from: dateField.optional(),
    effective_until: z.preprocess((v) => (v === "" ? null : v), dateField.nullish()),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.effective_until && v.effective_until < (v.effective_from ?? new Date().toISOString().slice(0, 10)))
      ctx.addIssue({
        code: "custom",
        path: ["effective_until"],
        message: "commerce.salaryScaleUntilBeforeFrom",
      });
  });
export type SalaryScaleInput = z.input<typeof salaryScaleInput>;
export const salaryScaleList = z.object({ data: z.array(salaryScale) });

export const salaryScaleReviewStatuses = ["declared", "confirmed", "rejected"] as const;
export type SalaryScaleReviewStatus = (typeof salaryScaleReviewStatuses)[number];
export const salaryScaleReviewStatus = z.enum(salaryScaleReviewStatuses);

export const mySalaryScale = z.object({
  application: z
    .object({
      country: z.string(),
      household_income_category_id: z.number().int(),
      declared_at: z.string(),
      /** A rejected declaration gives no discount until the learner declares again. */
      review_status: salaryScaleReviewStatus,
      review_reason: z.string().nullable(),
    })
    .nullable(),
  /** The discount the learner gets now (null: none). */
  discounted_country_range: z.object({ discount_percentage: z.number() }).nullable(),
  countries: z.array(z.object({ country: z.string(), name: z.string() })),
  household_income_categories: z.array(householdIncomeCategory),
});

/** A learner's declaration as the salary-scale manager reviews it. */
export const salaryScaleDeclaration = z.object({
  user: z.object({ id, username: z.string(), name: z.string(), email: z.string().nullable() }),
  country: z.string(),
  /** The country's scale as it is today (null: the scale was deleted since). */
  scale: z
    .object({ id, name: z.string(), discount_percentage: z.number(), in_effect: z.boolean() })
    .nullable(),
  household_income_category: z.object({ id, name: z.string(), qualifies: z.boolean(), active: z.boolean() }),
  /** The learner declared that the statement is true (required to declare: spec section 5). */
  statement_true: z.literal(true),
  declared_at: z.string(),
  review_status: salaryScaleReviewStatus,
  review_reason: z.string().nullable(),
  reviewed_by: z.object({ id, username: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  /** What the learner gets now (null: no discount). */
  discount_percentage: z.number().nullable(),
});
export type SalaryScaleDeclaration = z.infer<typeof salaryScaleDeclaration>;
export const salaryScaleDeclarationList = paginated(salaryScaleDeclaration);
export const salaryScaleDeclarationSortKeys = [
  "learner",
  "country",
  "category",
  "declared_at",
  "discount",
] as const;
export const salaryScaleDeclarationQuery = z.object({
  ...pageQuery.shape,
  sort: sortQuery(salaryScaleDeclarationSortKeys),
  status: salaryScaleReviewStatus.optional(),
  search: z.string().trim().max(100).optional(),
});
export const userSalaryScale = z.object({ data: salaryScaleDeclaration.nullable() });
export const salaryScaleReviewInput = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("confirm") }),
    z.object({
      decision: z.literal("reject"),
      reason: text(salaryScaleLimits.reasonMin, salaryScaleLimits.reasonMax),
    }),
  ],
  { error: msg.oneOf },
);
export type SalaryScaleReviewInput = z.infer<typeof salaryScaleReviewInput>;
export const salaryScaleReviewResult = z.object({ message: z.string(), data: salaryScaleDeclaration });
