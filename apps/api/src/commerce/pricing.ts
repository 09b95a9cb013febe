/**
 * Server pricing: every cart line priced from the catalogue (a title's price, an exam's price, an
 * e-notes offer, a sponsorship within bounds, a printed product through the shop's hook), then the
 * coupon on the lines it covers, then the salary-scale percentage on discounted lines without a
 * coupon (spec section 9), then sponsorship credit. The browser's prices are never read, except the
 * amount a sponsor chooses. Used by the cart panel (POST /iu/cart/price) and, inside its
 * transaction, by checkout.
 */
import {
  type CartItemInput,
  type CartItemType,
  commerceLimits,
  type LanguageCode,
  type MoneyLine,
  messageKey,
  messages,
  type OrderFigures,
  orderFigures,
  type PricedCart,
  type PricedLine,
  translate,
} from "@aprendo/contract";
import type { DbOrTx } from "../db/client";
import type { ShippingAddressValue } from "../db/schema/index";
import { taughtIn } from "../lib/text";
import { loadPricingInputs, type PricingInputs } from "./commerce.sql";
import { type CouponRow, couponCovers, couponVerdict } from "./coupons.service";
import { type LineLabel, lineName, lineNameParts, titleIn } from "./line-names";
import { pounds, presentLineMoney, toPence } from "./money";
import { physicalProductsHook } from "./sellables";

export type PricingCaller = { userId: number | null; language: LanguageCode };

export type Line = {
  key: string;
  type: CartItemType;
  itemId: number;
  name: string;
  courseModuleId: number | null;
  quantity: number;
  /** One unit's price before any discount (a printed book's price before its binding's discount). */
  listUnitPence: number;
  /** One unit's price after its binding's discount: what coupons and the salary scale apply to. */
  unitPence: number;
  /** unitPence × quantity. */
  grossPence: number;
  /** The binding's discount on the line (listUnitPence − unitPence, × quantity). */
  bindingPence: number;
  /** Eligible for the salary-scale percentage. */
  isDiscounted: boolean;
  salaryPence: number;
  couponPence: number;
  netPence: number;
  /** A message key when it cannot be bought now. */
  problem: string | null;
  /** The most copies that can be bought now (a printed book's stock); null: no stock bound. */
  maxQuantity: number | null;
  /** A title held only to carry its children (already owned or free): not bought itself. */
  anchor: boolean;
  meta: Record<string, unknown>;
  /** What the line's name is made of, in both languages (stored so history and receipts translate). */
  label: LineLabel;
  children: Line[];
};

export type Pricing = {
  lines: Line[];
  coupon: CouponRow | null;
  couponCode: string | null;
  couponProblem: string | null;
  couponPence: number;
  salaryPercentage: number | null;
  salaryPence: number;
  /** Printed books' binding discounts. */
  bindingPence: number;
  /** The bought lines' list prices × quantities (shipping apart). */
  subtotalPence: number;
  creditAvailablePence: number;
  creditPence: number;
  shippingPence: number;
  totalPence: number;
  itemCount: number;
  hasProblems: boolean;
};

const discountable = new Set<CartItemType>(["course", "exam_accesses", "ebook"]);

function newLine(item: CartItemInput, key: string, name: string): Line {
  return {
    key,
    type: item.type,
    itemId: item.id,
    name,
    courseModuleId: item.course_module_id ?? null,
    quantity: 1,
    listUnitPence: 0,
    unitPence: 0,
    grossPence: 0,
    bindingPence: 0,
    isDiscounted: false,
    salaryPence: 0,
    couponPence: 0,
    netPence: 0,
    problem: null,
    maxQuantity: null,
    anchor: false,
    meta: {},
    label: {},
    children: [],
  };
}

/** Names the line from its label in the caller's language. */
function nameLine(line: Line, language: LanguageCode, kind?: string) {
  line.name = lineName(line.type, line.label, language, kind) ?? line.name;
}

function resolveCourse(item: CartItemInput, line: Line, caller: PricingCaller, catalogue: PricingInputs) {
  const course = catalogue.courses.get(item.id);
  if (course?.status !== "published") {
    line.problem = "commerce.itemNotFound";
    return null;
  }
  line.label = { titles: { en: course.titleEn, es: course.titleEs }, taught: taughtIn(course) };
  nameLine(line, caller.language);
  line.isDiscounted = true;
  const owned = caller.userId !== null && course.owned;
  const carriesChildren = (item.items?.length ?? 0) > 0;
  if (carriesChildren && (owned || course.isFree)) line.anchor = true;
  else if (course.isFree) line.problem = "commerce.itemFree";
  else if (owned) line.problem = "commerce.alreadyOwned";
  else line.unitPence = course.pricePence;
  return course;
}

function resolveExam(
  item: CartItemInput,
  line: Line,
  caller: PricingCaller,
  catalogue: PricingInputs,
  courseId?: number,
) {
  const quiz = catalogue.quizzes.get(item.id);
  if (!quiz?.isPaid || quiz.status !== "published" || quiz.pricePence <= 0) {
    line.problem = "commerce.itemNotFound";
    return;
  }
  if (courseId !== undefined && quiz.courseId !== courseId) {
    line.problem = "commerce.examNotInCourse";
    return;
  }
  // The exam's own title, else its module's, else its level's, in each language.
  const titled = [
    { en: quiz.titleEn, es: quiz.titleEs },
    { en: quiz.moduleEn ?? "", es: quiz.moduleEs ?? "" },
    { en: quiz.levelEn ?? "", es: quiz.levelEs ?? "" },
  ].find((titles) => titleIn("en", titles) !== "");
  line.label = { titles: titled ?? { en: "", es: "" }, taught: taughtIn(quiz) };
  nameLine(line, caller.language);
  line.courseModuleId = quiz.moduleId;
  line.unitPence = quiz.pricePence;
  line.isDiscounted = true;
  line.quantity = item.quantity ?? 1;
  line.meta = { courseId: quiz.courseId };
  // One access gives every attempt the exam allows, and the exam is bought again once they are
  // used (spec section 9): a learner holds at most one access with attempts left.
  if (caller.userId !== null && quiz.held) line.problem = "commerce.examAccessHeld";
  else if (line.quantity > 1) line.problem = "commerce.examAccessOne";
}

function resolveNotes(
  item: CartItemInput,
  line: Line,
  caller: PricingCaller,
  catalogue: PricingInputs,
  courseId?: number,
) {
  const offer = catalogue.offers.get(item.id);
  if (!offer?.active) {
    line.problem = "commerce.itemNotFound";
    return;
  }
  if (courseId !== undefined && offer.courseId !== courseId) {
    line.problem = "commerce.examNotInCourse";
    return;
  }
  line.label = {
    titles: offer.moduleId
      ? { en: offer.moduleEn ?? "", es: offer.moduleEs ?? "" }
      : { en: offer.courseEn, es: offer.courseEs },
    taught: taughtIn(offer),
  };
  // Named as the shop names the product selling it ("E-book" or "E-notes"), kept for the history.
  const kind = offer.productKind ?? undefined;
  nameLine(line, caller.language, kind);
  line.courseModuleId = offer.moduleId;
  line.unitPence = offer.pricePence;
  line.isDiscounted = true;
  line.meta = { courseId: offer.courseId, moduleId: offer.moduleId, ...(kind ? { kind } : {}) };
  if (caller.userId !== null && offer.owned) line.problem = "commerce.notesOwned";
}

function resolveSponsorship(
  item: CartItemInput,
  line: Line,
  caller: PricingCaller,
  catalogue: PricingInputs,
) {
  const draft = catalogue.sponsorships.get(item.id);
  if (draft?.status !== "draft" || draft.sponsorUserId !== caller.userId) {
    line.problem = "commerce.sponsorshipNotFound";
    return;
  }
  line.meta = { recipientUserId: draft.recipientUserId, kind: draft.kind };
  if (draft.kind === "course") {
    const course = draft.course;
    if (course?.status !== "published" || course.isFree) {
      line.problem = "commerce.itemNotFound";
      return;
    }
    line.label = {
      titles: { en: course.titleEn, es: course.titleEs },
      username: draft.username,
      taught: taughtIn(course),
    };
    nameLine(line, caller.language, "course");
    line.unitPence = course.pricePence;
    line.meta.courseId = draft.courseId;
    if (draft.recipientOwns) line.problem = "commerce.recipientOwns";
    return;
  }
  line.label = { username: draft.username };
  nameLine(line, caller.language, draft.kind);
  // The amount is the sponsor's choice (the item's price), within bounds.
  const amount = item.price !== undefined ? toPence(item.price) : draft.amountPence;
  line.unitPence = amount;
  if (
    amount < commerceLimits.sponsorshipMinPounds * 100 ||
    amount > commerceLimits.sponsorshipMaxPounds * 100
  )
    line.problem = messageKey("commerce.sponsorshipAmountBounds", {
      min: commerceLimits.sponsorshipMinPounds,
      max: commerceLimits.sponsorshipMaxPounds,
    });
}

async function resolvePhysical(tx: DbOrTx, item: CartItemInput, line: Line, caller: PricingCaller) {
  line.quantity = item.quantity ?? 1;
  const hook = physicalProductsHook();
  const priced = hook
    ? await hook.price(
        tx,
        { id: item.id, quantity: line.quantity, productMetas: item.productMetas ?? {} },
        caller.language,
      )
    : null;
  if (!priced) {
    line.problem = hook ? "commerce.itemNotFound" : "commerce.productUnavailable";
    return;
  }
  line.name = priced.name;
  line.unitPence = priced.unitPence;
  // The shop's price is after the binding's discount; the list price is before it.
  line.listUnitPence = priced.unitPence + Number(priced.meta?.bookBindingDiscountPence ?? 0);
  const titles = priced.meta?.titles as LineLabel["titles"] | undefined;
  if (titles) {
    line.label = { titles, binding: String(priced.meta?.binding ?? "") || undefined };
    nameLine(line, caller.language);
  }
  line.problem = priced.problem ?? null;
  line.maxQuantity = priced.maxQuantity ?? null;
  line.meta = { ...(priced.meta ?? {}), productMetas: item.productMetas ?? {} };
}

async function resolve(
  tx: DbOrTx,
  item: CartItemInput,
  key: string,
  caller: PricingCaller,
  catalogue: PricingInputs,
  parentCourseId?: number,
): Promise<Line> {
  const line = newLine(item, key, item.name ?? "");
  if (item.type === "course") {
    const course = parentCourseId === undefined ? resolveCourse(item, line, caller, catalogue) : null;
    if (parentCourseId !== undefined) line.problem = "commerce.itemNotFound";
    let index = 0;
    for (const child of item.items ?? []) {
      const childLine =
        child.type === "exam_accesses" || child.type === "ebook"
          ? await resolve(tx, child, `${key}.${index}`, caller, catalogue, course?.id ?? -1)
          : { ...newLine(child, `${key}.${index}`, child.name ?? ""), problem: "commerce.itemNotFound" };
      line.children.push(childLine);
      index += 1;
    }
  } else if (item.type === "exam_accesses") resolveExam(item, line, caller, catalogue, parentCourseId);
  else if (item.type === "ebook") resolveNotes(item, line, caller, catalogue, parentCourseId);
  else if (item.type === "sponsorship") resolveSponsorship(item, line, caller, catalogue);
  else await resolvePhysical(tx, item, line, caller);
  if (item.type !== "physical_product") line.listUnitPence = line.unitPence;
  line.grossPence = line.unitPence * line.quantity;
  line.bindingPence = (line.listUnitPence - line.unitPence) * line.quantity;
  line.netPence = line.grossPence;
  return line;
}

const flatten = (lines: Line[]): Line[] => lines.flatMap((l) => [l, ...flatten(l.children)]);
const buyable = (l: Line) => l.problem === null && !l.anchor && l.grossPence > 0;

/** What a learner can own once: a title, e-notes, an exam's access (sponsorships and books repeat). */
const ownedOnce = new Set<CartItemType>(["course", "exam_accesses", "ebook"]);

/**
 * What a learner can own once and would pay twice for: the same title, e-notes or exam twice in one
 * cart (the second is refused), or one that an order waiting for its 3-D Secure confirmation buys.
 */
function markRepeats(all: Line[], pending: Set<string>): void {
  const seen = new Set<string>();
  for (const line of all) {
    if (!ownedOnce.has(line.type) || line.anchor || line.problem !== null) continue;
    const key = `${line.type}:${line.itemId}`;
    if (pending.has(key)) line.problem = "commerce.purchasePending";
    else if (seen.has(key)) line.problem = "commerce.itemRepeated";
    seen.add(key);
  }
}

/**
 * Problems that mean "the learner has (or is about to have) this already": checkout answers them
 * with 409 before any charge, as it does a concurrent checkout that lost the race for the item.
 */
export const ownedProblems = new Set<string>([
  "commerce.alreadyOwned",
  "commerce.notesOwned",
  "commerce.examAccessHeld",
  "commerce.purchasePending",
]);

/** Spreads a flat amount over lines in proportion to their price; the pennies left go to the last. */
export function spread(amountPence: number, lines: Pick<Line, "grossPence">[]): number[] {
  const total = lines.reduce((s, l) => s + l.grossPence, 0);
  const shares = lines.map((l) => Math.floor((amountPence * l.grossPence) / total));
  let left = amountPence - shares.reduce((s, v) => s + v, 0);
  for (let i = shares.length - 1; left > 0 && i >= 0; i--) {
    const room = lines[i]!.grossPence - shares[i]!;
    const add = Math.min(room, left);
    shares[i]! += add;
    left -= add;
  }
  return shares;
}

export async function priceCart(
  tx: DbOrTx,
  input: {
    items: CartItemInput[];
    coupon_code?: string | null | undefined;
    use_credit?: boolean | undefined;
  },
  caller: PricingCaller,
  options: {
    shippingAddress?: ShippingAddressValue | null;
    now?: Date;
    /** The caller's credit when the caller already read it (checkout, before its lock). */
    creditPence?: number;
    /** The database rows pricing needs, when the caller already read them (checkout). */
    inputs?: PricingInputs;
  } = {},
): Promise<Pricing> {
  // Everything but the shop's products in one statement (checkout passes what it read already).
  const code = input.coupon_code?.trim().toUpperCase() || null;
  const catalogue = options.inputs ?? (await loadPricingInputs(tx, input.items, caller.userId, code));
  const lines: Line[] = [];
  let index = 0;
  for (const item of input.items) {
    lines.push(await resolve(tx, item, item.key ?? `${item.type}-${item.id}-${index}`, caller, catalogue));
    index += 1;
  }
  const all = flatten(lines);
  markRepeats(all, catalogue.pending);

  // The coupon, on the lines it covers.
  let coupon: CouponRow | null = null;
  let couponProblem: string | null = null;
  let couponPence = 0;
  if (code) {
    const found = couponVerdict(catalogue.coupon, caller.userId, options.now);
    couponProblem = found.problem;
    const usable = found.problem === null ? found.coupon : null;
    if (usable) {
      const covered = all.filter((l) => buyable(l) && couponCovers(usable, l.type));
      const coveredTotal = covered.reduce((s, l) => s + l.grossPence, 0);
      const flat = usable.amountPence ?? 0;
      if (covered.length === 0 || (usable.discountType === "flat" && flat > coveredTotal)) {
        couponProblem = "commerce.couponInvalid";
      } else {
        coupon = usable;
        const shares =
          usable.discountType === "flat"
            ? spread(flat, covered)
            : covered.map((l) => Math.round((l.grossPence * (usable.percentage ?? 0)) / 100));
        covered.forEach((l, i) => {
          l.couponPence = Math.min(shares[i]!, l.grossPence);
          couponPence += l.couponPence;
        });
      }
    }
  }

  // The salary-scale percentage, on discounted lines without a coupon.
  const scale =
    caller.userId !== null && catalogue.salaryPercentage !== null
      ? { discountPercentage: catalogue.salaryPercentage }
      : null;
  let salaryPence = 0;
  for (const l of all) {
    if (!discountable.has(l.type)) l.isDiscounted = false;
    if (scale && buyable(l) && l.isDiscounted && l.couponPence === 0) {
      l.salaryPence = Math.round((l.grossPence * scale.discountPercentage) / 100);
      salaryPence += l.salaryPence;
    }
    l.netPence = l.grossPence - l.couponPence - l.salaryPence;
  }

  const counted = all.filter(buyable);
  const bindingPence = counted.reduce((s, l) => s + l.bindingPence, 0);
  const subtotalPence = counted.reduce((s, l) => s + l.grossPence + l.bindingPence, 0);
  const afterDiscounts = counted.reduce((s, l) => s + l.netPence, 0);

  // Sponsorship credit (not for buying sponsorships for others).
  let creditAvailablePence = 0;
  let creditPence = 0;
  if (caller.userId !== null) {
    creditAvailablePence = options.creditPence ?? catalogue.creditPence;
    if (input.use_credit !== false) {
      const eligible = counted.filter((l) => l.type !== "sponsorship").reduce((s, l) => s + l.netPence, 0);
      creditPence = Math.min(creditAvailablePence, eligible);
    }
  }

  const physical = counted.filter((l) => l.type === "physical_product");
  const hook = physicalProductsHook();
  const shippingPence =
    physical.length > 0 && hook
      ? await hook.shipping(
          tx,
          physical.map((l) => ({ id: l.itemId, quantity: l.quantity })),
          options.shippingAddress ?? null,
        )
      : 0;

  return {
    lines,
    coupon,
    couponCode: code,
    couponProblem,
    couponPence,
    salaryPercentage: scale?.discountPercentage ?? null,
    salaryPence,
    bindingPence,
    subtotalPence,
    creditAvailablePence,
    creditPence,
    shippingPence,
    totalPence: afterDiscounts - creditPence + shippingPence,
    itemCount: lines.reduce(
      (n, l) =>
        n + (l.type === "course" ? 1 + l.children.length : l.type === "physical_product" ? l.quantity : 1),
      0,
    ),
    hasProblems: all.some((l) => l.problem !== null),
  };
}

/** A priced line in the money model (domain/money.ts). */
export function lineMoneyOf(line: Line): MoneyLine {
  return {
    listUnitPence: line.listUnitPence,
    quantity: line.quantity,
    discounts: { coupon: line.couponPence, salary_scale: line.salaryPence, binding: line.bindingPence },
  };
}

function presentLine(line: Line, coupon: CouponRow | null, language: LanguageCode): PricedLine {
  const withCoupon = coupon !== null && line.couponPence > 0;
  return {
    key: line.key,
    type: line.type,
    id: line.itemId,
    name: line.name,
    ...lineNameParts(line.name, line.label, language),
    course_module_id: line.courseModuleId,
    quantity: line.quantity,
    unit_price: pounds(line.unitPence),
    unit_price_pence: line.unitPence,
    is_discounted: line.isDiscounted,
    salaryScaleDiscount: pounds(line.salaryPence),
    code: withCoupon ? coupon.code : null,
    discountedAmount: withCoupon ? pounds(line.couponPence) : null,
    discountedPrice: withCoupon ? pounds(line.grossPence - line.couponPence) : null,
    discountedType: withCoupon ? coupon.discountType : null,
    price: pounds(line.netPence),
    price_pence: line.netPence,
    problem: line.problem ? translate(messages, language, line.problem) : null,
    max_quantity: line.maxQuantity,
    money: presentLineMoney(lineMoneyOf(line)),
    items: line.children.map((c) => presentLine(c, coupon, language)),
  };
}

export function presentPricing(p: Pricing, language: LanguageCode): PricedCart {
  const value = p.coupon
    ? p.coupon.discountType === "percentage"
      ? (p.coupon.percentage ?? 0)
      : pounds(p.coupon.amountPence ?? 0)
    : null;
  return {
    lines: p.lines.map((l) => presentLine(l, p.coupon, language)),
    currency: "GBP",
    subtotal: pounds(p.subtotalPence),
    salary_scale:
      p.salaryPercentage !== null
        ? { discount_percentage: p.salaryPercentage, total_discounted_amount: pounds(p.salaryPence) }
        : null,
    coupon: {
      status: !p.couponCode ? "emptyCoupon" : p.coupon ? "applied" : "invalid",
      code: p.couponCode,
      value,
      discount_type: p.coupon?.discountType ?? null,
      total_discounted_amount: pounds(p.couponPence),
      message: p.couponProblem
        ? translate(messages, language, p.couponProblem)
        : p.coupon
          ? translate(messages, language, "commerce.couponApplied")
          : null,
    },
    credit: { available: pounds(p.creditAvailablePence), applied: pounds(p.creditPence) },
    discount_total: pounds(p.couponPence + p.salaryPence + p.bindingPence),
    shipping: pounds(p.shippingPence),
    total: pounds(p.totalPence),
    total_pence: p.totalPence,
    figures: pricingFigures(p),
    item_count: p.itemCount,
    has_problems: p.hasProblems,
  };
}

/** The priced cart's figures: its bought lines (problems and anchors excluded), shipping and credit. */
export function pricingFigures(p: Pricing): OrderFigures {
  return orderFigures(flatten(p.lines).filter(buyable).map(lineMoneyOf), p.shippingPence, p.creditPence);
}

export const flattenLines = flatten;
export const isBuyable = buyable;
