/**
 * The learner's profile (spec section 3) and its rules (section 5). A changed email or phone is not
 * written at once: a 6-digit code goes to the new address, and the old value stays until the code
 * is confirmed (one_time_tokens, purpose email_change / phone_verification with meta.change).
 */
import {
  languageById,
  messageKey,
  messages,
  type ProfileBody,
  type profileInput,
  translate,
} from "@aprendo/contract";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { codeHash, newCode } from "../auth/secrets";
import type { Deps } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { oneTimeTokens, userProfiles, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { insertProfileIfMissing } from "./profile.repository";

type Parsed = z.output<typeof profileInput>;
type ContactKind = "email" | "phone";
const CODE_TTL_MS = 30 * 60 * 1000;
const MAX_TRIES = 5;
const purposeOf = { email: "email_change", phone: "phone_verification" } as const;

export type Missing = "profile" | "photo" | "identity";

/** Creates the user's profile row if missing; an id that names no user creates nothing (callers answer 404). */
export async function ensureProfileRow(db: DbOrTx, userId: number) {
  await insertProfileIfMissing(db, userId);
}

export async function loadProfileRows(db: DbOrTx, userId: number) {
  await ensureProfileRow(db, userId);
  const [row] = await db
    .select({ user: users, profile: userProfiles })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("not_found", "error.notFound");
  return row;
}

type Rows = Awaited<ReturnType<typeof loadProfileRows>>;

/** What stands between the learner and their certificates (spec section 6). */
export function missingSteps({ user, profile }: Rows): Missing[] {
  const out: Missing[] = [];
  const filled = [
    user.firstName,
    user.lastName,
    user.dateOfBirth,
    user.email,
    profile.gender,
    profile.address,
    profile.city,
    profile.country,
    profile.postalCode,
    profile.occupation,
  ].every((v) => typeof v === "string" && v.trim() !== "");
  if (!filled) out.push("profile");
  if (profile.photoStatus !== "completed") out.push("photo");
  if (profile.identityStatus !== "completed") out.push("identity");
  return out;
}

async function pendingContact(db: DbOrTx, userId: number, kind: ContactKind): Promise<string | null> {
  const [row] = await db
    .select({ meta: oneTimeTokens.meta })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purposeOf[kind]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
        sql`${oneTimeTokens.meta}->>'change' = ${kind}`,
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  const value = (row?.meta as { value?: string } | null)?.value;
  return value ?? null;
}

export async function presentProfile(db: DbOrTx, userId: number): Promise<ProfileBody> {
  const rows = await loadProfileRows(db, userId);
  const { user, profile } = rows;
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    date_of_birth: user.dateOfBirth,
    gender: (profile.gender as ProfileBody["gender"]) ?? null,
    email: user.email,
    phone: user.phone,
    pending_email: await pendingContact(db, userId, "email"),
    pending_phone: await pendingContact(db, userId, "phone"),
    address: profile.address,
    city: profile.city,
    country: profile.country,
    postal_code: profile.postalCode,
    occupation: (profile.occupation as ProfileBody["occupation"]) ?? null,
    facebook_url: profile.facebookUrl,
    snapchat_url: profile.snapchatUrl,
    twitter_url: profile.twitterUrl,
    instagram_url: profile.instagramUrl,
    youtube_url: profile.youtubeUrl,
    pinterest_url: profile.pinterestUrl,
    linkedin_url: profile.linkedinUrl,
    language_id: user.languageId,
    last_active: user.lastActiveAt?.toISOString() ?? null,
    photo: {
      status: profile.photoStatus as ProfileBody["photo"]["status"],
      failure_reason: profile.photoFailureReason,
      uploaded: Boolean(profile.photoKey),
    },
    identity: {
      status: profile.identityStatus as ProfileBody["identity"]["status"],
      failure_reason: profile.identityFailureReason,
      uploaded: Boolean(profile.identityKey),
    },
    missing: missingSteps(rows),
  };
}

async function taken(db: Db, userId: number, column: "username" | "email" | "phone", value: string) {
  const condition =
    column === "phone" ? eq(users.phone, value) : sql`lower(${users[column]}) = lower(${value})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(condition, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** Saves the profile; returns the message keys to show (saved, plus "code sent" for a new email/phone). */
export async function saveProfile(
  deps: Pick<Deps, "db" | "mail" | "sms" | "config">,
  userId: number,
  input: Parsed,
): Promise<string[]> {
  const { db } = deps;
  const { user } = await loadProfileRows(db, userId);
  const errors: Record<string, string[]> = {};
  if (
    input.username.toLowerCase() !== user.username.toLowerCase() &&
    (await taken(db, userId, "username", input.username))
  )
    errors.username = ["profile.usernameTaken"];
  const emailChanged = (input.email ?? null) !== (user.email?.toLowerCase() ?? null);
  const phone = input.phone ?? null;
  const phoneChanged = phone !== null && phone !== user.phone;
  if (emailChanged && (await taken(db, userId, "email", input.email))) errors.email = ["profile.emailTaken"];
  if (phoneChanged && (await taken(db, userId, "phone", phone))) errors.phone = ["profile.phoneTaken"];
  if (Object.keys(errors).length)
    throw new AppError("validation", Object.values(errors)[0]![0], { fields: errors });

  await transaction(db, async (tx) => {
    await tx
      .update(users)
      .set({
        username: input.username,
        firstName: input.first_name,
        lastName: input.last_name,
        dateOfBirth: input.date_of_birth,
        // Removing the phone needs no verification; a new one does.
        ...(phone === null ? { phone: null, phoneVerifiedAt: null } : {}),
        ...(input.language_id ? { languageId: input.language_id } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx
      .update(userProfiles)
      .set({
        gender: input.gender,
        address: input.address,
        city: input.city,
        country: input.country,
        postalCode: input.postal_code,
        occupation: input.occupation ?? null,
        facebookUrl: input.facebook_url,
        snapchatUrl: input.snapchat_url,
        twitterUrl: input.twitter_url,
        instagramUrl: input.instagram_url,
        youtubeUrl: input.youtube_url,
        pinterestUrl: input.pinterest_url,
        linkedinUrl: input.linkedin_url,
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.userId, userId));
  });

  const out = ["profile.saved"];
  const languageId = input.language_id ?? user.languageId;
  if (emailChanged) {
    const code = await startContactChange(deps, userId, "email", input.email);
    const lang = languageById(languageId);
    const t = (key: string) =>
      translate(messages, lang, messageKey(key, { code, brand: deps.config.brandName }));
    await deps.mail.send({
      to: input.email,
      subject: t("profile.contactCodeSubject"),
      text: `${t("profile.contactCodeMail")}\n\n${deps.config.brandName}\n`,
      meta: { kind: "profile.emailChange" },
    });
    out.push(messageKey("profile.emailChangeSent", { email: input.email }));
  }
  if (phoneChanged) {
    const code = await startContactChange(deps, userId, "phone", phone);
    const lang = languageById(languageId);
    await deps.sms.send({
      to: phone,
      text: translate(
        messages,
        lang,
        messageKey("profile.contactCodeSms", { code, brand: deps.config.brandName }),
      ),
      meta: { kind: "profile.phoneChange" },
    });
    out.push(messageKey("profile.phoneChangeSent", { phone }));
  }
  return out;
}

async function startContactChange(
  deps: Pick<Deps, "db" | "config">,
  userId: number,
  kind: ContactKind,
  value: string,
): Promise<string> {
  const code = newCode();
  const now = new Date();
  await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purposeOf[kind]),
        isNull(oneTimeTokens.usedAt),
        sql`${oneTimeTokens.meta}->>'change' = ${kind}`,
      ),
    );
  await deps.db.insert(oneTimeTokens).values({
    userId,
    purpose: purposeOf[kind],
    tokenHash: codeHash(deps.config.jwtSecret, `profile:${kind}:${userId}`, code),
    meta: { change: kind, value },
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/** Confirms the code sent to a new email or phone; only then the old value is replaced. */
export async function confirmContactChange(
  deps: Pick<Deps, "db" | "config">,
  userId: number,
  kind: ContactKind,
  code: string,
): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purposeOf[kind]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
        sql`${oneTimeTokens.meta}->>'change' = ${kind}`,
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  const invalid = () => AppError.field("code", "profile.contactCodeInvalid");
  if (!row) throw invalid();
  if (row.tokenHash !== codeHash(deps.config.jwtSecret, `profile:${kind}:${userId}`, code)) {
    await db
      .update(oneTimeTokens)
      .set({
        attempts: sql`${oneTimeTokens.attempts} + 1`,
        usedAt: sql`CASE WHEN ${oneTimeTokens.attempts} + 1 >= ${MAX_TRIES} THEN now() ELSE NULL END`,
      })
      .where(eq(oneTimeTokens.id, row.id));
    throw invalid();
  }
  const value = (row.meta as { value: string }).value;
  await transaction(db, async (tx) => {
    const used = await tx
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    if (used.length !== 1) throw invalid();
    const now = new Date();
    await tx
      .update(users)
      .set(kind === "email" ? { email: value, emailVerifiedAt: now } : { phone: value, phoneVerifiedAt: now })
      .where(eq(users.id, userId));
  });
}
