/**
 * Invitations of administrators and head administrators. The account is created without a usable
 * password and with its email unverified (so it cannot log in); the mail carries a one-time link
 * (`one_time_tokens`, purpose password_reset with meta.via = "invitation", 7 days) to
 * PUBLIC_URL/admin-invitation/{token}, where the invitee chooses a password. Choosing it verifies the
 * address (the link reached it). A new invitation replaces the previous link.
 */
import { languageById, messageKey, messages, Role, translate } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { consumeToken, expireTokens, findToken, isLive, issueToken } from "../auth/one-time-tokens";
import { hashPassword } from "../auth/passwords";
import { newToken } from "../auth/secrets";
import { revokeAllSessions } from "../auth/sessions";
import { takenFields } from "../auth/users.repository";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { personName } from "./shared";

export const INVITATION_DAYS = 7;
const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

const invalid = () => new AppError("bad_request", "administration.invitationInvalid");

export async function createInvitedAccount(
  tx: DbOrTx,
  input: {
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    language_id: number;
    roleId: typeof Role.admin | typeof Role.headAdmin;
  },
): Promise<{ id: number }> {
  const taken = await takenFields(tx, { username: input.username, email: input.email });
  if (taken.username) throw AppError.field("username", "auth.usernameTaken");
  if (taken.email) throw AppError.field("email", "auth.emailTaken");
  const [row] = await tx
    .insert(users)
    .values({
      username: input.username,
      email: input.email,
      // Nobody knows this password: the invitee chooses theirs from the link.
      passwordHash: await hashPassword(newToken()),
      roleId: input.roleId,
      languageId: input.language_id === 2 ? 2 : 1,
      firstName: input.first_name,
      lastName: input.last_name,
      status: "active",
    })
    .returning({ id: users.id });
  return row!;
}

/**
 * A fresh invitation link for an account (the previous one stops working). Also printed by
 * `npm run admin:create` for the first master administrator, who has nobody to mail it.
 */
export async function issueInvitationLink(
  db: DbOrTx,
  publicUrl: string,
  user: { id: number; email: string },
): Promise<string> {
  const token = await issueToken(db, {
    userId: user.id,
    purpose: "password_reset",
    ttlMs: INVITATION_TTL_MS,
    meta: { via: "invitation", email: user.email },
    replacePrevious: true,
  });
  return `${publicUrl}/admin-invitation/${token}`;
}

/** Mails a fresh invitation link (the previous one stops working). */
export async function sendInvitation(deps: Deps, userId: number): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user?.email) return;
  const link = await issueInvitationLink(deps.db, deps.config.publicUrl, { id: user.id, email: user.email });
  const lang = languageById(user.languageId);
  const brand = deps.config.brandName;
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(messages, lang, messageKey(key, params));
  const text = t("administration.invitationText", {
    name: personName(user),
    role: t(`administration.role.${user.roleId === Role.headAdmin ? Role.headAdmin : Role.admin}`),
    brand,
    username: user.username,
    link,
  });
  await deps.mail.send({
    to: user.email,
    subject: t("administration.invitationSubject", { brand }),
    text: `${text}\n\n${brand}\n`,
    meta: { kind: "administration.invitation" },
  });
}

async function liveInvitation(db: DbOrTx, token: string) {
  const row = await findToken(db, "password_reset", token);
  if (!row || !isLive(row) || (row.meta as { via?: string } | null)?.via !== "invitation") throw invalid();
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (user?.status !== "active" || user.roleId === Role.learner) throw invalid();
  return { row, user };
}

export async function checkInvitation(deps: Deps, token: string) {
  const { user } = await liveInvitation(deps.db, token);
  return { username: user.username, first_name: user.firstName || null };
}

export async function acceptInvitation(deps: Deps, token: string, password: string) {
  const { row, user } = await liveInvitation(deps.db, token);
  const passwordHash = await hashPassword(password);
  await transaction(deps.db, async (tx) => {
    if (!(await consumeToken(tx, row.id))) throw invalid();
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: now }),
      })
      .where(eq(users.id, user.id));
    await expireTokens(tx, user.id, "password_reset");
    await revokeAllSessions(tx, user.id);
  });
}
