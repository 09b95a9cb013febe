/**
 * Sponsorship: a learner or a guest pays money or a title for a named learner (email or username).
 * A draft holds the recipient and what is given; its cart item `{ type: "sponsorship", id, price,
 * name }` is then paid at checkout, which enrols the recipient (source sponsorship) or adds credit
 * usable at their checkout, and notifies them.
 */
import {
  commerceLimits,
  type LanguageCode,
  messageKey,
  messages,
  Role,
  type SponsorshipSortKey,
  type sponsorshipDraftInput,
  translate,
} from "@aprendo/contract";
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../db/client";
import { courses, creditBalances, sponsorships, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { pounds, toPence } from "./money";

export async function createSponsorshipDraft(
  db: Db,
  sponsor: { userId: number | null; email: string | null },
  input: z.output<typeof sponsorshipDraftInput>,
  language: LanguageCode,
) {
  const who = input.recipient.trim();
  const [recipient] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        or(eq(sql`lower(${users.username})`, who.toLowerCase()), eq(users.email, who.toLowerCase())),
        eq(users.roleId, Role.learner),
        eq(users.status, "active"),
      ),
    );
  if (!recipient) throw AppError.field("recipient", "commerce.recipientNotFound");
  if (recipient.id === sponsor.userId) throw AppError.field("recipient", "commerce.recipientSelf");
  let amountPence = 0;
  let name: string;
  if (input.kind === "course") {
    const [course] = await db
      .select({
        titleEn: courses.titleEn,
        titleEs: courses.titleEs,
        pricePence: courses.pricePence,
        isFree: courses.isFree,
        status: courses.status,
      })
      .from(courses)
      .where(eq(courses.id, input.course_id!));
    if (course?.status !== "published" || course.isFree)
      throw AppError.field("course_id", "commerce.itemNotFound");
    amountPence = course.pricePence;
    name = translate(
      messages,
      language,
      messageKey("commerce.sponsorshipTitleName", {
        title: language === "es" ? course.titleEs : course.titleEn,
        username: recipient.username,
      }),
    );
  } else {
    amountPence = toPence(input.amount!);
    name = translate(
      messages,
      language,
      messageKey("commerce.sponsorshipName", { username: recipient.username }),
    );
  }
  const [row] = await db
    .insert(sponsorships)
    .values({
      sponsorUserId: sponsor.userId,
      sponsorEmail: sponsor.email,
      recipientUserId: recipient.id,
      kind: input.kind,
      courseId: input.kind === "course" ? input.course_id! : null,
      amountPence,
      message: input.message,
    })
    .returning({ id: sponsorships.id });
  return {
    id: row!.id,
    cart_item: { type: "sponsorship" as const, id: row!.id, price: pounds(amountPence), name },
    recipient: { username: recipient.username },
  };
}

const recipient = alias(users, "recipient");
const sponsorUser = alias(users, "sponsor_user");

function query(db: Db) {
  return db
    .select({
      s: sponsorships,
      recipientName: recipient.username,
      sponsorName: sponsorUser.username,
      titleEn: courses.titleEn,
      titleEs: courses.titleEs,
    })
    .from(sponsorships)
    .innerJoin(recipient, eq(recipient.id, sponsorships.recipientUserId))
    .leftJoin(sponsorUser, eq(sponsorUser.id, sponsorships.sponsorUserId))
    .leftJoin(courses, eq(courses.id, sponsorships.courseId));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>["execute"]>>[number];

function present(r: Row, language: LanguageCode, showEmail: boolean) {
  return {
    id: r.s.id,
    kind: r.s.kind,
    amount: pounds(r.s.amountPence),
    course:
      r.s.courseId !== null
        ? { id: r.s.courseId, title: (language === "es" ? r.titleEs : r.titleEn) ?? "" }
        : null,
    sponsor: { username: r.sponsorName, email: showEmail ? r.s.sponsorEmail : null },
    recipient: { id: r.s.recipientUserId, username: r.recipientName },
    message: r.s.message,
    status: r.s.status,
    order_id: r.s.orderId,
    created_at: r.s.createdAt.toISOString(),
    paid_at: r.s.paidAt?.toISOString() ?? null,
  };
}

export async function mySponsorships(db: Db, userId: number, language: LanguageCode) {
  const given = await query(db)
    .where(and(eq(sponsorships.sponsorUserId, userId), sql`${sponsorships.status} <> 'draft'`))
    .orderBy(desc(sponsorships.id))
    .limit(100);
  const received = await query(db)
    .where(and(eq(sponsorships.recipientUserId, userId), eq(sponsorships.status, "paid")))
    .orderBy(desc(sponsorships.id))
    .limit(100);
  const [balance] = await db
    .select({ pence: creditBalances.balancePence })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  return {
    given: given.map((r) => present(r, language, false)),
    // A recipient sees who sponsored them, but not a guest sponsor's email.
    received: received.map((r) => present(r, language, false)),
    credit_balance: pounds(balance?.pence ?? 0),
  };
}

export async function adminSponsorships(
  db: Db,
  input: {
    page: number;
    per_page: number;
    search?: string | undefined;
    sort?: SponsorshipSortKey | `-${SponsorshipSortKey}` | undefined;
  },
  language: LanguageCode,
) {
  const term = input.search ? `%${input.search.replace(/[%_\\]/g, "\\$&")}%` : null;
  const where = and(
    sql`${sponsorships.status} <> 'draft'`,
    term
      ? or(
          ilike(recipient.username, term),
          ilike(sponsorUser.username, term),
          ilike(sponsorships.sponsorEmail, term),
        )
      : undefined,
  );
  const rows = await query(db)
    .where(where)
    .orderBy(
      ...listOrder(
        input.sort,
        {
          // The date shown is when it was paid, or made while still waiting for payment.
          date: sql`coalesce(${sponsorships.paidAt}, ${sponsorships.createdAt})`,
          sponsor: sql`lower(coalesce(${sponsorUser.username}, ${sponsorships.sponsorEmail}))`,
          recipient: sql`lower(${recipient.username})`,
          amount: sponsorships.amountPence,
          status: sponsorships.status,
        },
        sponsorships.id,
        [desc(sponsorships.id)],
      ),
    )
    .limit(input.per_page)
    .offset((input.page - 1) * input.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(sponsorships)
    .innerJoin(recipient, eq(recipient.id, sponsorships.recipientUserId))
    .leftJoin(sponsorUser, eq(sponsorUser.id, sponsorships.sponsorUserId))
    .where(where);
  return { rows: rows.map((r) => present(r, language, true)), total: total?.n ?? 0 };
}

export const sponsorshipBounds = {
  min: commerceLimits.sponsorshipMinPounds,
  max: commerceLimits.sponsorshipMaxPounds,
};
