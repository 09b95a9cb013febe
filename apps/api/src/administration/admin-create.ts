/**
 * `npm run admin:create`: the first master administrator of a deployment without demo data (or any
 * later one), from the command line. Email and name come from flags or prompts; the password is
 * either chosen at a printed one-time link (the administrators' invitation page, 7 days, single use)
 * or typed at a prompt that does not echo. It never overwrites an account: an address already in use
 * ends the command with one line and no change. Failures print one line with nothing personal in it
 * (no hash, no database message that could quote a row).
 */
import {
  headAdministratorInput,
  languages,
  limits,
  messages,
  passwordField,
  Role,
  translate,
} from "@aprendo/contract";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../auth/passwords";
import { newToken } from "../auth/secrets";
import { takenFields, uniqueViolationField } from "../auth/users.repository";
import type { Db } from "../db/client";
import { auditLog, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { INVITATION_DAYS, issueInvitationLink } from "./invitations.service";

/** A failure told in one line, safe to print as it is. */
export class CommandError extends Error {}

/** The terminal, as the command sees it (tests pass their own). `null`: the input ended. */
export type CommandIo = {
  ask(question: string): Promise<string | null>;
  askHidden(question: string): Promise<string | null>;
  print(line: string): void;
};

export type MasterAdministratorInput = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  languageId: 1 | 2;
  /** Chosen at the prompt; absent: a one-time link is printed instead. */
  password?: string;
  /** Whether the username was typed (then a clash is an error) or derived from the email. */
  usernameGiven: boolean;
};

export const adminCreateUsage =
  "Usage: npm run admin:create -- [--email <address>] [--first-name <name>] [--last-name <name>] [--username <name>] [--language en|es] [--password-prompt]";

const valueFlags = ["email", "first-name", "last-name", "username", "language"] as const;
type ValueFlag = (typeof valueFlags)[number];

/** `--flag value` and `--flag=value`; `--password-prompt` alone. Unknown flags are refused. */
export function parseAdminCreateArgs(argv: readonly string[]) {
  const values: Partial<Record<ValueFlag, string>> = {};
  let passwordPrompt = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith("--") ? splitOnce(arg.slice(2), "=") : [arg, undefined];
    if (flag === "password-prompt" && inline === undefined) {
      passwordPrompt = true;
      continue;
    }
    if (!(valueFlags as readonly string[]).includes(flag) || !arg.startsWith("--"))
      throw new CommandError(`Unknown option ${arg.split("=")[0]}. ${adminCreateUsage}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith("--"))
      throw new CommandError(`--${flag} needs a value. ${adminCreateUsage}`);
    values[flag as ValueFlag] = value;
  }
  return { values, passwordPrompt };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

const english = (message: string) => translate(messages, "en", message);

/** A username from the address: its local part, reduced to the allowed characters and length. */
function usernameFromEmail(email: string): string {
  const base = (email.split("@")[0] ?? "").replace(/[^A-Za-z0-9_.-]/g, "").slice(0, limits.usernameMax - 4);
  return base.length >= limits.usernameMin ? base : `admin${base}`;
}

/** Flags first, prompts for what is missing; everything validated as the API validates it. */
export async function collectAdminInput(
  argv: readonly string[],
  io: CommandIo,
): Promise<MasterAdministratorInput> {
  const { values, passwordPrompt } = parseAdminCreateArgs(argv);
  const need = async (flag: ValueFlag, question: string) => {
    const value = values[flag] ?? (await io.ask(question));
    if (value === null || value.trim() === "")
      throw new CommandError(`--${flag} is required (no value given). ${adminCreateUsage}`);
    return value;
  };
  const email = await need("email", "Email of the master administrator: ");
  const firstName = await need("first-name", "First name: ");
  const lastName = await need("last-name", "Last name: ");
  const language = languages.find((l) => l.code === (values.language ?? "en").toLowerCase());
  if (!language) throw new CommandError("Invalid --language: use en or es.");
  const parsed = headAdministratorInput.safeParse({
    username: values.username ?? usernameFromEmail(email.trim()),
    email,
    first_name: firstName,
    last_name: lastName,
    language_id: language.id,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "input").replace("_", "-");
    throw new CommandError(`Invalid --${field}: ${english(issue.message)}.`);
  }
  const input: MasterAdministratorInput = {
    username: parsed.data.username,
    email: parsed.data.email,
    firstName: parsed.data.first_name,
    lastName: parsed.data.last_name,
    languageId: language.id,
    usernameGiven: values.username !== undefined,
  };
  if (passwordPrompt) input.password = await promptPassword(io);
  return input;
}

async function promptPassword(io: CommandIo): Promise<string> {
  const password = await io.askHidden("Password (not shown): ");
  if (password === null) throw new CommandError("No password given: nothing was changed.");
  const checked = (passwordField as z.ZodType<string>).safeParse(password);
  if (!checked.success)
    throw new CommandError(`Invalid password: ${english(checked.error.issues[0]!.message)}.`);
  const again = await io.askHidden("The same password again: ");
  if (again !== password) throw new CommandError("The two passwords differ: nothing was changed.");
  return password;
}

const emailTaken = () =>
  new CommandError("An account with this email address already exists: nothing was changed.");

/** A free username: the typed one must be free; a derived one gets a number until it is. */
async function freeUsername(db: Db, input: MasterAdministratorInput): Promise<string> {
  for (let n = 1; n < 100; n += 1) {
    const candidate = n === 1 ? input.username : `${input.username.slice(0, limits.usernameMax - 3)}${n}`;
    if (!(await takenFields(db, { username: candidate })).username) return candidate;
    if (input.usernameGiven)
      throw new CommandError("That username is taken: choose another with --username.");
  }
  throw new CommandError("No free username near the address: choose one with --username.");
}

/**
 * Creates the account (role 5) and, without a password, its one-time link, in one transaction with
 * an audit record. With a typed password the address counts as verified (the operator vouches for
 * it); otherwise choosing the password at the link verifies it, as for invited administrators.
 */
export async function createMasterAdministrator(
  db: Db,
  publicUrl: string,
  input: MasterAdministratorInput,
): Promise<{ username: string; link: string | null }> {
  try {
    if ((await takenFields(db, { email: input.email })).email) throw emailTaken();
    const username = await freeUsername(db, input);
    // Nobody knows this password when a link is printed: its owner chooses theirs there.
    const passwordHash = await hashPassword(input.password ?? newToken());
    return await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username,
          email: input.email,
          passwordHash,
          roleId: Role.masterAdmin,
          languageId: input.languageId,
          firstName: input.firstName,
          lastName: input.lastName,
          status: "active",
          emailVerifiedAt: input.password ? sql`now()` : null,
        })
        .returning({ id: users.id });
      await tx.insert(auditLog).values({
        actorUsername: "npm run admin:create",
        action: "master_administrator.create",
        entity: "user",
        entityId: String(user!.id),
        after: { username, role_id: 5, password: input.password ? "typed at the prompt" : "one-time link" },
      });
      const link = input.password
        ? null
        : await issueInvitationLink(tx, publicUrl, { id: user!.id, email: input.email });
      return { username, link };
    });
  } catch (error) {
    if (error instanceof CommandError) throw error;
    // A concurrent run with the same address loses on the unique index: the same answer.
    if (uniqueViolationField(error) === "email") throw emailTaken();
    throw new CommandError(
      `Could not create the administrator (database error ${databaseCode(error)}): nothing was changed.`,
    );
  }
}

/** The SQLSTATE or Node error code only: a database message can quote the row (the address). */
function databaseCode(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : "unknown";
}

/** The whole command, once the database is open (cli.ts opens it and applies migrations). */
export async function adminCreate(
  db: Db,
  publicUrl: string,
  input: MasterAdministratorInput,
  io: CommandIo,
): Promise<void> {
  const { username, link } = await createMasterAdministrator(db, publicUrl, input);
  io.print(`Master administrator created (username: ${username}).`);
  if (link) {
    io.print(`Open this link within ${INVITATION_DAYS} days to choose the password (it works once):`);
    io.print(`  ${link}`);
  } else {
    io.print(`Log in at ${publicUrl}/login with the username or the email address.`);
  }
}
