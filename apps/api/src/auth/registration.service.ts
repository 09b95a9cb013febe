/**
 * Registration and the links that confirm it. An adult confirms their email; a child (under 13 by
 * date of birth) also needs the guardian to open the link mailed to them; a guardian registering a
 * child confirms with one link to their own address. Resends are silent about whether the account
 * exists and are throttled per account (one mail a minute) on top of the route's rate limit.
 * Registration itself does not tell either: an email or phone number that already has an account
 * gets the ordinary answer, no account is made, and the owner is told by mail or SMS instead. A
 * taken username is still reported: usernames are public (profiles, certificates, Q&A).
 */
import {
  authTimings,
  isChild,
  type LanguageCode,
  type LoginIdentifier,
  languageIdOf,
  type PhoneVerificationStep,
  type RegisterData,
  Role,
} from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { Tx } from "../db/client";
import { userProfiles, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { displayName, links, sendAccountMail, sendNoticeSms } from "./auth.mails";
import { consumeToken, findToken, issueToken, latestToken } from "./one-time-tokens";
import { hashPassword } from "./passwords";
import { startPhoneStep } from "./phone.service";
import { maskPhone, newToken } from "./secrets";
import {
  findUserById,
  findUserByIdentifier,
  takenFields,
  type UserRow,
  uniqueViolationField,
} from "./users.repository";

const HOUR = 3600 * 1000;
const EMAIL_LINK_TTL = authTimings.verificationLinkHours * HOUR;
const GUARDIAN_LINK_TTL = 7 * 24 * HOUR;
const RESEND_WAIT_MS = 60 * 1000;

export type Registration = {
  username: string;
  identity: string;
  messageKey: string;
  requiresGuardian: boolean;
  phoneStep: PhoneVerificationStep | null;
};

export async function register(
  deps: Deps,
  data: RegisterData,
  language: LanguageCode,
): Promise<Registration> {
  const byGuardian = data.registered_by === "guardian";
  const child = byGuardian || isChild(data.date_of_birth);
  const values = {
    username: data.username,
    // A child registered by a guardian has no address of their own: the guardian's is kept as theirs.
    email: byGuardian ? null : data.email,
    phone: byGuardian ? null : data.phone,
    passwordHash: await hashPassword(data.password),
    roleId: Role.learner,
    languageId: languageIdOf(language),
    firstName: byGuardian ? (data.child_first_name ?? "") : data.first_name,
    lastName: byGuardian ? (data.child_last_name ?? "") : data.last_name,
    dateOfBirth: data.date_of_birth,
    guardianEmail: byGuardian ? data.email : child ? data.guardian_email : null,
    guardianPhone: byGuardian ? data.phone : child ? data.guardian_phone : null,
    newsletterConsent: data.newsletter,
    termsAcceptedAt: new Date(),
  };
  const taken = await takenFields(deps.db, values);
  // "deleted-<id>" names erased accounts (accounts/erasure.ts): never a registrant's.
  if (taken.username || /^deleted-/i.test(data.username))
    throw AppError.field("username", "auth.usernameTaken");
  const answer = (phoneStep: PhoneVerificationStep | null): Registration => ({
    username: data.username,
    identity: data.email,
    messageKey: byGuardian ? "auth.registeredByGuardian" : child ? "auth.registeredChild" : "auth.registered",
    requiresGuardian: child,
    phoneStep,
  });
  if (taken.email || taken.phone) return alreadyRegistered(deps, values, taken, answer);

  let user: UserRow;
  try {
    // The account, its links and their mails are one transaction: the mails are queued in the
    // outbox, delivered after the commit (mail/delivery.ts), so no mail server can fail it.
    user = await transaction(deps.db, async (tx) => {
      const [row] = await tx.insert(users).values(values).returning();
      await tx.insert(userProfiles).values({ userId: row!.id });
      const inTx = { ...deps, db: tx };
      if (byGuardian) await sendGuardianLink(inTx, row!, data.first_name);
      else {
        await sendVerificationLink(inTx, row!);
        if (child) await sendGuardianLink(inTx, row!);
      }
      return row!;
    });
  } catch (error) {
    // A concurrent registration took a value between the check and the insert.
    const field = uniqueViolationField(error);
    if (field === "username") throw AppError.field(field, "auth.usernameTaken");
    if (field)
      return alreadyRegistered(deps, values, { email: field === "email", phone: field === "phone" }, answer);
    throw error;
  }

  if (byGuardian) return answer(null);
  return answer(user.phone ? await startPhoneStep(deps, user, user.phone) : null);
}

/**
 * The email or phone number already has an account: the registrant gets the ordinary answer (its
 * phone step is a decoy ticket that no code will match) and no account is made; the owner of the
 * address or number is told, so the real owner learns of it and a prober learns nothing.
 */
async function alreadyRegistered(
  deps: Deps,
  values: { email: string | null; phone: string | null },
  taken: { email: boolean; phone: boolean },
  answer: (phoneStep: PhoneVerificationStep | null) => Registration,
): Promise<Registration> {
  const emailOwner =
    taken.email && values.email
      ? await findUserByIdentifier(deps.db, { kind: "email", value: values.email })
      : null;
  if (emailOwner?.email)
    await sendAccountMail(deps, {
      to: emailOwner.email,
      languageId: emailOwner.languageId,
      kind: "registerAttempt",
      name: displayName(emailOwner),
      link: links.requestReset(deps.config.publicUrl),
    });
  const phoneOwner =
    taken.phone && values.phone
      ? await findUserByIdentifier(deps.db, { kind: "phone", value: values.phone })
      : null;
  if (phoneOwner?.phone)
    await sendNoticeSms(deps, {
      to: phoneOwner.phone,
      email: phoneOwner.email ?? phoneOwner.guardianEmail,
      languageId: phoneOwner.languageId,
      kind: "registerAttempt",
    });
  return answer(
    values.phone
      ? {
          ticket: newToken(),
          phone: maskPhone(values.phone),
          resend_after_seconds: authTimings.phoneCodeResendSeconds,
        }
      : null,
  );
}

async function sendVerificationLink(
  deps: Deps | (Omit<Deps, "db"> & { db: Tx }),
  user: UserRow,
): Promise<void> {
  if (!user.email) return;
  const token = await issueToken(deps.db, {
    userId: user.id,
    purpose: "email_verification",
    ttlMs: EMAIL_LINK_TTL,
    meta: { email: user.email },
  });
  await sendAccountMail(deps, {
    to: user.email,
    languageId: user.languageId,
    kind: "verify",
    name: displayName(user),
    link: links.verifyEmail(deps.config.publicUrl, token, user.username),
  });
}

/** The guardian's link; `guardianName` when the guardian registered the child themselves. */
async function sendGuardianLink(
  deps: Deps | (Omit<Deps, "db"> & { db: Tx }),
  user: UserRow,
  guardianName?: string,
): Promise<void> {
  if (!user.guardianEmail) return;
  const token = await issueToken(deps.db, {
    userId: user.id,
    purpose: "age_verification",
    ttlMs: GUARDIAN_LINK_TTL,
    meta: { guardianEmail: user.guardianEmail, guardianName: guardianName ?? null },
  });
  const selfRegistered = user.email === null;
  await sendAccountMail(deps, {
    to: user.guardianEmail,
    languageId: user.languageId,
    kind: selfRegistered ? "guardianSelf" : "guardian",
    name: guardianName ?? null,
    link: links.verifyAge(deps.config.publicUrl, token),
    params: { child: `${user.firstName} ${user.lastName}`.trim(), username: user.username },
  });
}

/** The email link: the address is verified (if it is still the account's address). */
export async function verifyEmail(deps: Deps, token: string): Promise<{ user: UserRow; messageKey: string }> {
  const row = await findToken(deps.db, "email_verification", token);
  const user = row ? await findUserById(deps.db, row.userId) : null;
  const invalid = new AppError("bad_request", "auth.verifyInvalid");
  if (!row || !user || user.status === "erased" || user.email !== (row.meta as { email?: string })?.email)
    throw invalid;
  // Opening the same link twice is not an error once the address is verified.
  if (!(row.usedAt && user.emailVerifiedAt)) {
    if (!(await consumeToken(deps.db, row.id))) throw invalid;
    await deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
  const waiting = user.guardianEmail !== null && user.guardianVerifiedAt === null;
  return { user, messageKey: waiting ? "auth.verifiedWaitingGuardian" : "auth.verified" };
}

/** The guardian's link: the child may log in (and, registered by the guardian, the address is verified). */
export async function verifyAge(deps: Deps, token: string): Promise<UserRow> {
  const row = await findToken(deps.db, "age_verification", token);
  const user = row ? await findUserById(deps.db, row.userId) : null;
  const invalid = new AppError("bad_request", "auth.ageVerifyInvalid");
  if (!row || !user || user.status === "erased") throw invalid;
  if ((row.meta as { guardianEmail?: string })?.guardianEmail !== user.guardianEmail) throw invalid;
  if (row.usedAt && user.guardianVerifiedAt) return user;
  if (!(await consumeToken(deps.db, row.id))) throw invalid;
  const now = new Date();
  await deps.db.update(users).set({ guardianVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  return user;
}

async function recentlySent(deps: Deps, userId: number, purpose: "email_verification" | "age_verification") {
  const last = await latestToken(deps.db, userId, purpose);
  return last !== null && Date.now() - last.createdAt.getTime() < RESEND_WAIT_MS;
}

/** A new email link (or, for a child registered by a guardian, the guardian's link). Silent otherwise. */
export async function resendVerification(deps: Deps, identifier: LoginIdentifier): Promise<void> {
  const user = await findUserByIdentifier(deps.db, identifier);
  if (user?.status !== "active") return;
  if (user.email !== null && user.emailVerifiedAt === null) {
    if (!(await recentlySent(deps, user.id, "email_verification"))) await sendVerificationLink(deps, user);
  } else if (user.email === null && user.guardianEmail !== null && user.guardianVerifiedAt === null) {
    if (!(await recentlySent(deps, user.id, "age_verification")))
      await sendGuardianLink(deps, user, await guardianNameOf(deps, user.id));
  }
}

/** A new link to the guardian of a child who is still waiting. Silent otherwise. */
export async function resendGuardianLink(deps: Deps, identifier: LoginIdentifier): Promise<void> {
  const user = await findUserByIdentifier(deps.db, identifier);
  if (user?.status !== "active" || !user.guardianEmail || user.guardianVerifiedAt) return;
  if (!(await recentlySent(deps, user.id, "age_verification")))
    await sendGuardianLink(deps, user, await guardianNameOf(deps, user.id));
}

/** The name a guardian gave when registering the child (kept with the link), if any. */
async function guardianNameOf(deps: Deps, userId: number): Promise<string | undefined> {
  const last = await latestToken(deps.db, userId, "age_verification");
  const name = (last?.meta as { guardianName?: string | null } | null)?.guardianName;
  return name ?? undefined;
}

/** After an address change: a link to the new address. */
export { sendVerificationLink };
