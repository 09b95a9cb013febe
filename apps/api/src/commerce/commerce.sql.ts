/**
 * The statements of the cart pricing and checkout hot path, as named prepared statements run on the
 * connection of the caller (the pool, or the checkout transaction's client): PostgreSQL parses and
 * plans each once per connection and no query is built per call. Each name always has the same text;
 * lists travel as arrays or JSON parameters so the text never depends on the cart.
 */
import { type CartItemInput, quizLimits } from "@aprendo/contract";
import type { DbOrTx } from "../db/client";
import type { NamedStatement } from "../db/pipeline";
import { runNamed } from "../db/prepared";
import { enrolmentGrantCtes, examAccessGrantCte } from "../grants/grants.sql";
import type { MailRecipient } from "../profile/notices.service";
import type { CouponRow } from "./coupons.service";

export type CourseInput = {
  id: number;
  titleEn: string;
  titleEs: string;
  pricePence: number;
  isFree: boolean;
  status: string;
  /** The language the title teaches: its name, written the same in both languages, is read in it. */
  teachingLanguage: string;
  owned: boolean;
};
export type QuizInput = {
  id: number;
  courseId: number;
  moduleId: number | null;
  isPaid: boolean;
  status: string;
  pricePence: number;
  titleEn: string;
  titleEs: string;
  moduleEn: string | null;
  moduleEs: string | null;
  levelEn: string | null;
  levelEs: string | null;
  /** The language its title teaches (names written the same in both languages are read in it). */
  teachingLanguage: string;
  /** Whether the caller holds an access to this exam with attempts left. */
  held: boolean;
};
export type OfferInput = {
  id: number;
  courseId: number;
  moduleId: number | null;
  pricePence: number;
  active: boolean;
  courseEn: string;
  courseEs: string;
  moduleEn: string | null;
  moduleEs: string | null;
  teachingLanguage: string;
  /** The kind of the shop product selling this offer (`ebook` or `enotes`), which names the line. */
  productKind: string | null;
  /** Whether the caller already reads these e-notes (a grant for the title, or for the offer's module). */
  owned: boolean;
};
export type SponsorshipInput = {
  id: number;
  kind: "amount" | "course";
  status: string;
  sponsorUserId: number | null;
  recipientUserId: number;
  courseId: number | null;
  amountPence: number;
  username: string;
  /** The sponsored title (kind course). */
  course: {
    titleEn: string;
    titleEs: string;
    pricePence: number;
    isFree: boolean;
    status: string;
    teachingLanguage: string;
  } | null;
  /** Whether the recipient already has the sponsored title. */
  recipientOwns: boolean;
};

/** Everything pricing reads from the database (but the shop's products), read in one statement. */
export type PricingInputs = {
  courses: Map<number, CourseInput>;
  quizzes: Map<number, QuizInput>;
  offers: Map<number, OfferInput>;
  sponsorships: Map<number, SponsorshipInput>;
  /** The caller's salary-scale percentage, or null. */
  salaryPercentage: number | null;
  creditPence: number;
  /** The coupon of the code given (whatever its state) and the caller's uses of it. */
  coupon: { row: CouponRow; usedByCaller: number } | null;
  /**
   * What the caller's orders waiting for a 3-D Secure confirmation would grant (`type:itemId`, e.g.
   * `course:12`): confirming one of them pays for it, so it is not sold again meanwhile.
   */
  pending: Set<string>;
};

/**
 * The pricing columns; parameters $1 caller (or null), $2 title ids, $3 exam ids, $4 e-notes offer
 * ids, $5 sponsorship ids, $6 coupon code (upper case, or null).
 *
 * Every parameter is read through a scalar subquery, `(SELECT $n)`, which the planner does not fold
 * into a constant: a plan made for given values then costs what the generic plan costs, so
 * PostgreSQL settles on the generic plan of the prepared statement after five executions instead
 * of planning this many-table statement again on every call (custom plans looked cheaper for empty
 * lists and a missing coupon, and planning cost far more than running it).
 *
 * The salary scale is `salaryScaleQuery` (salary-scales.service.ts), the coupon's uses by the caller
 * what `couponVerdict` expects, and a sponsorship draft the recipient's username, its title and
 * whether the recipient already has it.
 */
const PRICING_COLUMNS = `
  (SELECT coalesce(json_agg(json_build_object(
      'id', c.id, 'titleEn', c.title_en, 'titleEs', c.title_es, 'pricePence', c.price_pence,
      'isFree', c.is_free, 'status', c.status, 'teachingLanguage', c.teaching_language,
      'owned', (SELECT $1::int) IS NOT NULL AND EXISTS (SELECT 1 FROM enrolments e WHERE e.user_id = (SELECT $1::int) AND e.course_id = c.id))), '[]'::json)
   FROM courses c WHERE c.id = ANY((SELECT $2::int[])::int[])) AS p_courses,
  (SELECT coalesce(json_agg(json_build_object(
      'id', q.id, 'courseId', q.course_id, 'moduleId', q.module_id, 'isPaid', q.is_paid, 'status', q.status,
      'pricePence', q.price_pence, 'titleEn', q.title_en, 'titleEs', q.title_es,
      'moduleEn', m.title_en, 'moduleEs', m.title_es, 'levelEn', lv.title_en, 'levelEs', lv.title_es,
      'teachingLanguage', (SELECT c.teaching_language FROM courses c WHERE c.id = q.course_id),
      'held', (SELECT $1::int) IS NOT NULL AND EXISTS (SELECT 1 FROM exam_accesses a WHERE a.user_id = (SELECT $1::int)
        AND a.quiz_id = q.id AND a.revoked_at IS NULL AND a.attempts_used < ${quizLimits.attemptsPerAccess}))), '[]'::json)
   FROM quizzes q
   LEFT JOIN course_modules m ON m.id = q.module_id
   LEFT JOIN course_levels lv ON lv.id = q.level_id
   WHERE q.id = ANY((SELECT $3::int[])::int[])) AS p_quizzes,
  (SELECT coalesce(json_agg(json_build_object(
      'id', o.id, 'courseId', o.course_id, 'moduleId', o.module_id, 'pricePence', o.price_pence, 'active', o.active,
      'courseEn', c.title_en, 'courseEs', c.title_es, 'moduleEn', m.title_en, 'moduleEs', m.title_es,
      'teachingLanguage', c.teaching_language,
      'productKind', (SELECT p.kind FROM products p WHERE p.notes_offer_id = o.id
        ORDER BY p.status = 'published' DESC, p.id LIMIT 1),
      'owned', (SELECT $1::int) IS NOT NULL AND EXISTS (SELECT 1 FROM lecture_notes_access a WHERE a.user_id = (SELECT $1::int)
        AND a.course_id = o.course_id AND a.lecture_id IS NULL AND (a.module_id IS NULL OR a.module_id = o.module_id)
        AND (a.expires_at IS NULL OR a.expires_at > now())))), '[]'::json)
   FROM notes_offers o
   JOIN courses c ON c.id = o.course_id
   LEFT JOIN course_modules m ON m.id = o.module_id
   WHERE o.id = ANY((SELECT $4::int[])::int[])) AS p_offers,
  (SELECT coalesce(json_agg(json_build_object(
      'id', s.id, 'kind', s.kind, 'status', s.status, 'sponsorUserId', s.sponsor_user_id,
      'recipientUserId', s.recipient_user_id, 'courseId', s.course_id, 'amountPence', s.amount_pence,
      'username', u.username,
      'course', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('titleEn', c.title_en, 'titleEs', c.title_es,
        'pricePence', c.price_pence, 'isFree', c.is_free, 'status', c.status,
        'teachingLanguage', c.teaching_language) END,
      'recipientOwns', s.kind = 'course' AND EXISTS (SELECT 1 FROM enrolments e WHERE e.user_id = s.recipient_user_id AND e.course_id = s.course_id))), '[]'::json)
   FROM sponsorships s
   JOIN users u ON u.id = s.recipient_user_id
   LEFT JOIN courses c ON s.kind = 'course' AND c.id = s.course_id
   WHERE s.id = ANY((SELECT $5::int[])::int[])) AS p_sponsorships,
  (SELECT ss.discount_percentage FROM salary_scale_applications a
   JOIN user_profiles up ON up.user_id = a.user_id
   JOIN household_income_categories h ON h.id = a.household_income_category_id
   JOIN salary_scales ss ON ss.country = a.country
   WHERE a.user_id = (SELECT $1::int) AND up.enable_salary_scale AND h.qualifies AND h.active AND ss.active
   LIMIT 1) AS p_salary,
  (SELECT b.balance_pence FROM credit_balances b WHERE b.user_id = (SELECT $1::int)) AS p_credit,
  (SELECT json_build_object(
      'id', k.id, 'code', k.code, 'discountType', k.discount_type, 'percentage', k.percentage,
      'amountPence', k.amount_pence, 'validFrom', k.valid_from, 'validTo', k.valid_to, 'maxUses', k.max_uses,
      'uses', k.uses, 'perUserLimit', k.per_user_limit, 'itemTypes', k.item_types, 'active', k.active,
      'createdAt', k.created_at, 'updatedAt', k.updated_at,
      'usedByCaller', CASE WHEN (SELECT $1::int) IS NULL THEN 0 ELSE (SELECT count(*)::int FROM coupon_redemptions r
        WHERE r.coupon_id = k.id AND r.user_id = (SELECT $1::int)) END)
   FROM coupons k WHERE k.code = (SELECT $6::text)) AS p_coupon,
  (SELECT coalesce(json_agg(pl.type || ':' || pl.item_id), '[]'::json)
   FROM orders po JOIN order_lines pl ON pl.order_id = po.id
   WHERE po.user_id = (SELECT $1::int) AND po.status = 'requires_action'
     AND pl.type IN ('course', 'ebook', 'exam_accesses') AND NOT coalesce((pl.meta->>'anchor')::boolean, false))
   AS p_pending`;

const PRICING_INPUTS = `SELECT ${PRICING_COLUMNS}`;

type RawPricing = {
  p_courses: CourseInput[];
  p_quizzes: QuizInput[];
  p_offers: OfferInput[];
  p_sponsorships: SponsorshipInput[];
  p_salary: number | null;
  p_credit: number | null;
  p_coupon:
    | (Omit<CouponRow, "validFrom" | "validTo" | "createdAt" | "updatedAt"> & {
        validFrom: string | null;
        validTo: string | null;
        createdAt: string;
        updatedAt: string;
        usedByCaller: number;
      })
    | null;
  p_pending: string[];
};

const date = (value: string | null) => (value === null ? null : new Date(value));

function toInputs(raw: RawPricing): PricingInputs {
  let coupon: PricingInputs["coupon"] = null;
  if (raw.p_coupon) {
    const { usedByCaller, validFrom, validTo, createdAt, updatedAt, ...rest } = raw.p_coupon;
    coupon = {
      row: {
        ...rest,
        validFrom: date(validFrom),
        validTo: date(validTo),
        createdAt: new Date(createdAt),
        updatedAt: new Date(updatedAt),
      },
      usedByCaller: Number(usedByCaller),
    };
  }
  return {
    courses: new Map(raw.p_courses.map((r) => [r.id, r])),
    quizzes: new Map(raw.p_quizzes.map((r) => [r.id, r])),
    offers: new Map(raw.p_offers.map((r) => [r.id, r])),
    sponsorships: new Map(raw.p_sponsorships.map((r) => [r.id, r])),
    salaryPercentage: raw.p_salary ?? null,
    creditPence: Number(raw.p_credit ?? 0),
    coupon,
    pending: new Set(raw.p_pending),
  };
}

/** The ids a cart's items refer to, by kind (a title's exams and e-notes included). */
export function cartIds(items: CartItemInput[]) {
  const ids = {
    course: new Set<number>(),
    exam: new Set<number>(),
    ebook: new Set<number>(),
    sponsorship: new Set<number>(),
  };
  for (const item of items) {
    if (item.type === "course") ids.course.add(item.id);
    else if (item.type === "sponsorship") ids.sponsorship.add(item.id);
    for (const x of [item, ...(item.type === "course" ? (item.items ?? []) : [])]) {
      if (x.type === "exam_accesses") ids.exam.add(x.id);
      else if (x.type === "ebook") ids.ebook.add(x.id);
    }
  }
  return ids;
}

function pricingValues(items: CartItemInput[], userId: number | null, couponCode: string | null): unknown[] {
  const ids = cartIds(items);
  return [userId, [...ids.course], [...ids.exam], [...ids.ebook], [...ids.sponsorship], couponCode];
}

/** Pricing's database reads in one statement. */
export async function loadPricingInputs(
  db: DbOrTx,
  items: CartItemInput[],
  userId: number | null,
  couponCode: string | null,
): Promise<PricingInputs> {
  const [raw] = await runNamed<RawPricing>(
    db,
    "commerce_pricing_inputs",
    PRICING_INPUTS,
    pricingValues(items, userId, couponCode),
  );
  return toInputs(raw!);
}

/**
 * Serialises a learner's checkouts (held until the transaction ends). Sent with the opening
 * statement, before it, so that statement's snapshot already sees what a concurrent checkout of
 * the learner committed (PostgreSQL takes a statement's snapshot when the statement starts).
 */
export async function lockLearnerCheckouts(tx: DbOrTx, userId: number): Promise<void> {
  await runNamed(tx, "commerce_checkout_lock", CHECKOUT_LOCK, [userId]);
}
const CHECKOUT_LOCK = "SELECT pg_advisory_xact_lock(7007, $1::int)";

/**
 * Checkout's first statement: claims the idempotency key (a concurrent request with the key waits
 * on it until the first commits), reads the buyer and pricing's inputs, and reserves the order's id
 * and its lines' ids (the payment is made for this order id before the order is written).
 * $7 scope, $8 key, $9 request hash, $10 number of line ids, $11 the saved card chosen (or null).
 */
const CHECKOUT_BEGIN = `WITH claim AS (
  INSERT INTO checkout_requests (scope, key, request_hash, status_code, response)
  VALUES ($7::text, $8::text, $9::text, 0, '{}'::jsonb)
  ON CONFLICT DO NOTHING
  RETURNING 1
)
SELECT (SELECT count(*)::int FROM claim) AS claimed,
  nextval('orders_id_seq')::int AS order_id,
  ARRAY(SELECT nextval('order_lines_id_seq')::int FROM generate_series(1, $10::int)) AS line_ids,
  u.id AS user_id, u.email, u.date_of_birth::text AS date_of_birth, u.guardian_email,
  (SELECT sc.token FROM saved_cards sc WHERE sc.id = (SELECT $11::int) AND sc.user_id = (SELECT $1::int))
    AS saved_card_token,
  ${PRICING_COLUMNS}
FROM (SELECT 1) AS one LEFT JOIN users u ON u.id = (SELECT $1::int)`;

export type CheckoutStart = {
  claimed: boolean;
  orderId: number;
  lineIds: number[];
  learner: {
    id: number;
    email: string | null;
    dateOfBirth: string | null;
    guardianEmail: string | null;
  } | null;
  inputs: PricingInputs;
  /** The token of the saved card chosen, when it is the buyer's. */
  savedCardToken: string | null;
};

export async function beginCheckout(
  tx: DbOrTx,
  input: {
    items: CartItemInput[];
    userId: number | null;
    couponCode: string | null;
    scope: string;
    key: string;
    hash: string;
    lineCount: number;
    savedCardId: number | null;
  },
): Promise<CheckoutStart> {
  const [raw] = await runNamed<
    RawPricing & {
      claimed: number;
      order_id: number;
      line_ids: number[];
      user_id: number | null;
      email: string | null;
      date_of_birth: string | null;
      guardian_email: string | null;
      saved_card_token: string | null;
    }
  >(tx, "commerce_checkout_begin", CHECKOUT_BEGIN, [
    ...pricingValues(input.items, input.userId, input.couponCode),
    input.scope,
    input.key,
    input.hash,
    input.lineCount,
    input.savedCardId,
  ]);
  const row = raw!;
  return {
    claimed: row.claimed > 0,
    orderId: row.order_id,
    lineIds: row.line_ids,
    learner:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            email: row.email,
            dateOfBirth: row.date_of_birth,
            guardianEmail: row.guardian_email,
          },
    inputs: toInputs(row),
    savedCardToken: row.saved_card_token,
  };
}

/**
 * Takes the coupon use and spends the credit in one statement (conditional UPDATEs: `uses <
 * max_uses`, `balance >= amount`); says which of the two succeeded.
 * $1 coupon (or null), $2 user (or null), $3 order, $4 coupon discount, $5 credit to spend, $6 now.
 */
const TAKE_COUPON_AND_CREDIT = `WITH c AS (
  UPDATE coupons SET uses = uses + 1
  WHERE $1::int IS NOT NULL AND id = $1::int AND active AND (max_uses IS NULL OR uses < max_uses)
  RETURNING id
), r AS (
  INSERT INTO coupon_redemptions (coupon_id, user_id, order_id, discount_pence)
  SELECT c.id, $2::int, $3::int, $4::int FROM c
), s AS (
  UPDATE credit_balances SET balance_pence = balance_pence - $5::int, updated_at = $6::timestamptz
  WHERE $5::int > 0 AND user_id = $2::int AND balance_pence >= $5::int
  RETURNING user_id
), l AS (
  INSERT INTO credit_ledger (user_id, amount_pence, reason, order_id)
  SELECT s.user_id, -$5::int, 'spent', $3::int FROM s
)
SELECT (SELECT count(*)::int FROM c) AS coupon, (SELECT count(*)::int FROM s) AS credit`;

export async function takeCouponAndCredit(
  tx: DbOrTx,
  input: {
    couponId: number | null;
    userId: number | null;
    orderId: number;
    discountPence: number;
    creditPence: number;
  },
): Promise<{ coupon: boolean; credit: boolean }> {
  const [row] = await runNamed<{ coupon: number; credit: number }>(
    tx,
    "commerce_take_coupon_credit",
    TAKE_COUPON_AND_CREDIT,
    [
      input.couponId,
      input.userId,
      input.orderId,
      input.discountPence,
      input.creditPence,
      new Date().toISOString(),
    ],
  );
  return { coupon: (row?.coupon ?? 0) > 0, credit: (row?.credit ?? 0) > 0 };
}

/**
 * Writes the order in one statement: the order (with the id reserved), its lines (with the ids
 * reserved, and their grants when already made), the payment, the saved card, and, when the order
 * is settled here, the exam accesses and enrolments it buys, the server cart emptied and the stored
 * answer of the idempotency key. The exam accesses and enrolments are the one grant path's CTEs
 * (grants/grants.sql.ts, the same text every other grant runs): `quantity` accesses of source
 * 'purchase' per line, the line's grant recording their ids in order (`{ examAccessIds }`), and the
 * titles' enrolments (source 'purchase', idempotent, count and wish list moved when created), the
 * line's grant saying whether this order created it (`{ enrolmentCreated, courseId, userId }`), as a
 * refund expects. An order written paid gets its public number when the transaction commits (the
 * deferred trigger of migration 0018); checkout reads it then (`withOrderNumber`). Its buyer's
 * notice goes in the paid-notice outbox (`order_paid_notices`, drained by paid-notice.ts), so the
 * notice commits with the order.
 *
 * The grants are composed into this statement, not run as their own, because a separate grant
 * statement costs checkout a round trip or a second write of every line (docs/decisions.md, "One
 * grant path, composed into checkout's statement").
 */
const WRITE_ORDER = `WITH o AS (
  INSERT INTO orders (id, user_id, email, status, subtotal_pence, discount_pence, credit_pence, total_pence,
    coupon_id, coupon_code, salary_scale_percentage, shipping_address, language, paid_at, updated_at,
    shipping_pence)
  VALUES ($1::int, $2::int, $3::text, $4::text, $5::int, $6::int, $7::int, $8::int, $9::int, $10::text,
    $11::smallint, $12::jsonb, $13::text, $14::timestamptz, coalesce($15::timestamptz, now()), $29::int)
), ${examAccessGrantCte(
  "ea",
  `SELECT $2::int AS user_id, x.item_id AS quiz_id, 'purchase' AS source, x.id AS order_line_id,
    0 AS attempts_used, NULL::int AS granted_by, NULL::text AS reason, x.quantity
  FROM jsonb_to_recordset($27::jsonb) AS x(id int, item_id int, quantity int)`,
)}, ${enrolmentGrantCtes(
  "en",
  `SELECT $2::int AS user_id, x.item_id AS course_id, 'purchase' AS source
  FROM jsonb_to_recordset($28::jsonb) AS x(id int, item_id int)`,
  "jsonb_array_length($28::jsonb) > 0",
)}, l AS (
  INSERT INTO order_lines (id, order_id, parent_id, type, item_id, name, quantity, unit_price_pence,
    discount_pence, paid_pence, meta, "grant")
  SELECT x.id, $1::int, x.parent_id, x.type, x.item_id, x.name, x.quantity, x.unit_price_pence,
    x.discount_pence, x.paid_pence, x.meta,
    coalesce(x."grant",
      (SELECT jsonb_build_object('examAccessIds', jsonb_agg(ea.id ORDER BY ea.id))
       FROM ea WHERE ea.order_line_id = x.id HAVING count(*) > 0),
      (SELECT jsonb_build_object('enrolmentCreated', EXISTS (SELECT 1 FROM en WHERE en.course_id = y.item_id),
         'courseId', y.item_id, 'userId', $2::int)
       FROM jsonb_to_recordset($28::jsonb) AS y(id int, item_id int) WHERE y.id = x.id))
  FROM jsonb_to_recordset($16::jsonb) AS x(id int, parent_id int, type text, item_id int, name text, quantity int,
    unit_price_pence int, discount_pence int, paid_pence int, meta jsonb, "grant" jsonb)
), p AS (
  INSERT INTO payments (order_id, provider, provider_ref, amount_pence, status, card_label)
  SELECT $1::int, $17::text, $18::text, $8::int, $19::text, $20::text WHERE $18::text IS NOT NULL
), sc AS (
  INSERT INTO saved_cards (user_id, provider, token, brand, last4, exp_month, exp_year, holder_name)
  SELECT $2::int, $17::text, x.token, x.brand, x.last4, x.exp_month, x.exp_year, x.holder_name
  FROM jsonb_to_recordset($21::jsonb) AS x(token text, brand text, last4 text, exp_month int, exp_year int,
    holder_name text)
  ON CONFLICT DO NOTHING
), emptied AS (
  UPDATE carts SET items = '[]'::jsonb, updated_at_ms = $22::bigint, updated_at = coalesce($15::timestamptz, now())
  WHERE $22::bigint IS NOT NULL AND user_id = $2::int AND items <> '[]'::jsonb
), answered AS (
  UPDATE checkout_requests SET status_code = $23::smallint, response = $24::jsonb, order_id = $1::int
  WHERE $24::jsonb IS NOT NULL AND scope = $25::text AND key = $26::text
), noticed AS (
  INSERT INTO order_paid_notices (order_id) SELECT $1::int WHERE $4::text = 'paid'
)
SELECT 1`;

export type OrderLineWrite = {
  id: number;
  parent_id: number | null;
  type: string;
  item_id: number | null;
  name: string;
  quantity: number;
  unit_price_pence: number;
  discount_pence: number;
  paid_pence: number;
  meta: Record<string, unknown>;
  grant: unknown;
};

/** What `writeOrder` writes (see WRITE_ORDER). */
export type WriteOrderInput = {
  order: {
    id: number;
    userId: number | null;
    email: string | null;
    status: "pending" | "requires_action" | "paid";
    subtotalPence: number;
    discountPence: number;
    shippingPence: number;
    creditPence: number;
    totalPence: number;
    couponId: number | null;
    couponCode: string | null;
    salaryScalePercentage: number | null;
    shippingAddress: unknown;
    language: string;
    paidAt: Date | null;
    /** Null: the database's now(). */
    updatedAt: Date | null;
  };
  lines: OrderLineWrite[];
  provider: string;
  payment: { ref: string; status: string; cardLabel: string | null } | null;
  savedCard: {
    token: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    holder_name: string;
  } | null;
  /** Exam access lines granted by this statement (the order is paid here). */
  examGrants: Array<{ id: number; item_id: number | null; quantity: number }>;
  /** Title lines granted by this statement (distinct titles, not anchors). */
  courseGrants: Array<{ id: number; item_id: number | null }>;
  /** Empties the buyer's server cart (ms timestamp of the change). */
  emptyCartAtMs: number | null;
  answer: { scope: string; key: string; statusCode: number; body: Record<string, unknown> } | null;
};

export async function writeOrder(tx: DbOrTx, input: WriteOrderInput): Promise<void> {
  const { name, text, values } = writeOrderStatement(input);
  await runNamed(tx, name, text, values);
}

/** The order's write described, for a transaction it ends (sent with its COMMIT; db/pipeline.ts). */
export function writeOrderStatement(input: WriteOrderInput): NamedStatement {
  const { order, payment, answer } = input;
  const values = [
    order.id,
    order.userId,
    order.email,
    order.status,
    order.subtotalPence,
    order.discountPence,
    order.creditPence,
    order.totalPence,
    order.couponId,
    order.couponCode,
    order.salaryScalePercentage,
    order.shippingAddress === null ? null : JSON.stringify(order.shippingAddress),
    order.language,
    order.paidAt?.toISOString() ?? null,
    order.updatedAt?.toISOString() ?? null,
    JSON.stringify(input.lines),
    input.provider,
    payment?.ref ?? null,
    payment?.status ?? null,
    payment?.cardLabel ?? null,
    JSON.stringify(input.savedCard ? [input.savedCard] : []),
    input.emptyCartAtMs,
    answer?.statusCode ?? null,
    answer ? JSON.stringify(answer.body) : null,
    answer?.scope ?? null,
    answer?.key ?? null,
    JSON.stringify(input.examGrants),
    JSON.stringify(input.courseGrants),
    order.shippingPence,
  ];
  return { name: "commerce_write_order", text: WRITE_ORDER, values };
}

/**
 * Closes an order written before it was paid (sponsorships and printed books refer to its row, and
 * an order confirmed after 3-D Secure): the order marked paid, each line's grant recorded, the
 * buyer's server cart emptied (an already empty cart is neither written nor locked, so a learner's
 * checkouts in parallel do not queue on their cart row), the checkout's stored answer written (when
 * it closes a checkout) and the buyer's notice put in the outbox, in one statement. Its public
 * number is given at commit (the deferred trigger of migration 0018).
 * $1 order, $2 now, $3 the lines' grants (`[{ id, g }]`), $4 the buyer (or null), $5 the cart's
 * change time (ms), $6 answer status, $7 answer body (or null: no stored answer), $8 scope, $9 key.
 */
const CLOSE_PAID_ORDER = `WITH paid AS (
  UPDATE orders SET status = 'paid', paid_at = $2::timestamptz, updated_at = $2::timestamptz WHERE id = $1::int
), granted AS (
  UPDATE order_lines SET "grant" = g.value->'g'
  FROM jsonb_array_elements($3::jsonb) AS g
  WHERE order_lines.id = (g.value->>'id')::int
), emptied AS (
  UPDATE carts SET items = '[]'::jsonb, updated_at_ms = $5::bigint, updated_at = $2::timestamptz
  WHERE $4::int IS NOT NULL AND user_id = $4::int AND items <> '[]'::jsonb
), answered AS (
  UPDATE checkout_requests SET status_code = $6::smallint, response = $7::jsonb, order_id = $1::int
  WHERE $7::jsonb IS NOT NULL AND scope = $8::text AND key = $9::text
), noticed AS (
  INSERT INTO order_paid_notices (order_id) VALUES ($1::int)
)
SELECT 1`;

export async function closePaidOrder(
  tx: DbOrTx,
  input: {
    orderId: number;
    grants: Array<{ id: number; grant: unknown }>;
    userId: number | null;
    answer: { scope: string; key: string; statusCode: number; body: Record<string, unknown> } | null;
  },
): Promise<void> {
  const { answer } = input;
  await runNamed(tx, "commerce_close_paid_order", CLOSE_PAID_ORDER, [
    input.orderId,
    new Date().toISOString(),
    JSON.stringify(input.grants.map((g) => ({ id: g.id, g: g.grant }))),
    input.userId,
    Date.now(),
    answer?.statusCode ?? null,
    answer ? JSON.stringify(answer.body) : null,
    answer?.scope ?? null,
    answer?.key ?? null,
  ]);
}

/**
 * Takes up to $1 paid-order notices off the outbox (oldest order first) inside the drain's
 * transaction, and answers each order with its buyer's mail columns (none for a guest), in one
 * statement: the rows are deleted as they are read, rows another drain holds are skipped (`SKIP
 * LOCKED`), so two drains at once never take the same order, and a drain that rolls back gives its
 * rows back. A notice whose order no longer exists is taken and answers nothing.
 */
const TAKE_PAID_NOTICES = `WITH taken AS (
  DELETE FROM order_paid_notices WHERE order_id IN (
    SELECT order_id FROM order_paid_notices ORDER BY order_id LIMIT $1::int FOR UPDATE SKIP LOCKED
  )
  RETURNING order_id
)
SELECT o.id, o.user_id, o.public_number, o.total_pence, o.paid_at, o.created_at, o.language, o.email,
       u.email AS user_email, u.guardian_email, u.language_id, u.first_name, u.last_name, u.username
FROM taken JOIN orders o ON o.id = taken.order_id
LEFT JOIN users u ON u.id = o.user_id
ORDER BY o.id`;

/** A paid order whose buyer is to be told, with the buyer's mail columns (null for a guest). */
export type PaidNoticeOrder = {
  id: number;
  userId: number | null;
  publicNumber: string | null;
  totalPence: number;
  paidAt: Date | null;
  createdAt: Date;
  language: string;
  email: string | null;
  buyer: MailRecipient | null;
};

type PaidNoticeRow = {
  id: number;
  user_id: number | null;
  public_number: string | null;
  total_pence: number;
  paid_at: Date | string | null;
  created_at: Date | string;
  language: string;
  email: string | null;
  user_email: string | null;
  guardian_email: string | null;
  language_id: number | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
};

export async function takePaidNotices(tx: DbOrTx, limit: number): Promise<PaidNoticeOrder[]> {
  const rows = await runNamed<PaidNoticeRow>(tx, "commerce_take_paid_notices", TAKE_PAID_NOTICES, [limit]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    publicNumber: r.public_number,
    totalPence: r.total_pence,
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
    createdAt: new Date(r.created_at),
    language: r.language,
    email: r.email,
    // The left join found the account exactly when its username (never null) is there.
    buyer:
      r.username === null
        ? null
        : {
            email: r.user_email,
            guardianEmail: r.guardian_email,
            languageId: r.language_id!,
            firstName: r.first_name!,
            lastName: r.last_name!,
            username: r.username,
          },
  }));
}

/**
 * Every named statement above by the name it is prepared under (db/prepared.ts `runNamed`). A
 * snapshot test pins their text (commerce.sql.test.ts): a change to what checkout sends shows in
 * review as a change of that snapshot.
 */
export const commerceStatements: Readonly<Record<string, string>> = {
  commerce_pricing_inputs: PRICING_INPUTS,
  commerce_checkout_lock: CHECKOUT_LOCK,
  commerce_checkout_begin: CHECKOUT_BEGIN,
  commerce_take_coupon_credit: TAKE_COUPON_AND_CREDIT,
  commerce_write_order: WRITE_ORDER,
  commerce_close_paid_order: CLOSE_PAID_ORDER,
  commerce_take_paid_notices: TAKE_PAID_NOTICES,
};
