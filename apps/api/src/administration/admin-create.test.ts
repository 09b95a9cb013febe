/**
 * `npm run admin:create`: a master administrator on a database without demo data,
 * who sets a password at the printed one-time link (or types it at a hidden prompt) and logs in; a
 * second run for the same address changes nothing and says so in one line with nothing personal.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/test-app";
import { createDb } from "../db/client";
import { users } from "../db/schema/index";
import { adminCreate, CommandError, type CommandIo, collectAdminInput } from "./admin-create";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = "Master-Chosen9!";

/** A terminal that answers prompts from a list and keeps what was printed. */
function fakeIo(answers: string[] = [], hidden: string[] = []) {
  const printed: string[] = [];
  const asked: string[] = [];
  const io: CommandIo = {
    ask: async (question) => {
      asked.push(question);
      return answers.shift() ?? null;
    },
    askHidden: async (question) => {
      asked.push(question);
      return hidden.shift() ?? null;
    },
    print: (line) => printed.push(line),
  };
  return { io, printed, asked };
}

async function run(argv: string[], terminal = fakeIo()) {
  const input = await collectAdminInput(argv, terminal.io);
  await adminCreate(t.deps.db, t.config.publicUrl, input, terminal.io);
  return terminal.printed.join("\n");
}

const login = (name: string, secret: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { login: name, password: secret } });

const email = () => `owner.${randomBytes(3).toString("hex")}@school.example`;

describe("npm run admin:create", () => {
  it("creates a master administrator who chooses a password at the printed link and logs in", async () => {
    const address = email();
    const out = await run(["--email", address, "--first-name", "Olga", "--last-name", "Owner"]);
    const link = /\/admin-invitation\/(\S+)/.exec(out);
    expect(link, out).not.toBeNull();
    expect(out.startsWith(`Master administrator created (username: ${address.split("@")[0]})`)).toBe(true);
    expect(out).toContain(`${t.config.publicUrl}/admin-invitation/`);

    // Nobody can log in before the password is chosen at the link.
    expect((await login(address, password)).statusCode).not.toBe(200);
    const check = await t.app.inject({
      method: "POST",
      url: "/api/administration/invitation/check",
      payload: { token: link![1] },
    });
    expect(check.statusCode, check.body).toBe(200);
    const accept = await t.app.inject({
      method: "POST",
      url: "/api/administration/invitation/accept",
      payload: { token: link![1], password, password_confirmation: password },
    });
    expect(accept.statusCode, accept.body).toBe(200);

    const res = await login(address, password);
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ role_id: 5, email: address, name: "Olga_Owner" });
    // The master administrator's own area answers.
    const area = await t.app.inject({
      url: "/api/ma/dashboard",
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(area.statusCode, area.body).toBe(200);

    // The link works once.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/administration/invitation/accept",
      payload: { token: link![1], password: "Another-Pass9!", password_confirmation: "Another-Pass9!" },
    });
    expect(again.statusCode).toBe(400);
  });

  it("asks for what the flags leave out, and takes a password typed at a hidden prompt", async () => {
    const address = email();
    const terminal = fakeIo([address, "Pat", "Prompted"], [password, password]);
    const out = await run(["--password-prompt", "--username", "pat_admin"], terminal);
    expect(terminal.asked).toEqual([
      "Email of the master administrator: ",
      "First name: ",
      "Last name: ",
      "Password (not shown): ",
      "The same password again: ",
    ]);
    expect(out).toContain("Master administrator created (username: pat_admin)");
    expect(out).not.toContain(password);
    expect(out).not.toContain("/admin-invitation/");
    const res = await login("pat_admin", password);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses a weak or mistyped password before touching the database", async () => {
    const address = email();
    const flags = ["--email", address, "--first-name", "W", "--last-name", "Weak", "--password-prompt"];
    await expect(run(flags, fakeIo([], ["short"]))).rejects.toThrow(/^Invalid password: /);
    await expect(run(flags, fakeIo([], [password, `${password}x`]))).rejects.toThrow(
      "The two passwords differ: nothing was changed.",
    );
    const [row] = await t.deps.db.select({ n: count() }).from(users).where(sql`${users.email} = ${address}`);
    expect(row?.n).toBe(0);
  });

  it("refuses the same address twice, in one line, with no hash and no change", async () => {
    const address = email();
    await run(["--email", address, "--first-name", "Twice", "--last-name", "Tried"]);
    const second = run(["--email", address.toUpperCase(), "--first-name", "Other", "--last-name", "Person"]);
    await expect(second).rejects.toBeInstanceOf(CommandError);
    await expect(second).rejects.toThrow(
      /^An account with this email address already exists: nothing was changed\.$/,
    );
    const [row] = await t.deps.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`);
    expect(row?.n).toBe(1);
  });

  it("refuses bad input with the field's message", async () => {
    await expect(run(["--email", "not-an-address", "--first-name", "A", "--last-name", "B"])).rejects.toThrow(
      "Invalid --email: Email is not valid.",
    );
    await expect(run(["--emial", "x@y.example"])).rejects.toThrow(/^Unknown option --emial\. Usage: /);
    await expect(run(["--first-name", "A", "--last-name", "B"])).rejects.toThrow(/^--email is required/);
  });
});

describe("the command itself (cli.ts)", () => {
  let databaseUrl: string;
  let folder: string;
  beforeAll(async () => {
    // A database of its own, migrated but empty: as on a new deployment.
    databaseUrl = await createTestDatabase();
    folder = await mkdtemp(path.join(tmpdir(), "aprendo-admin-create-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** Runs `tsx apps/api/src/cli.ts admin:create ...` as `npm run admin:create` does. */
  function cli(args: string[]) {
    const root = path.resolve(import.meta.dirname, "../../../..");
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(
        path.join(root, "node_modules/.bin/tsx"),
        ["apps/api/src/cli.ts", "admin:create", ...args],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: databaseUrl,
            PUBLIC_URL: "https://learn.example.com",
            DATA_DIR: folder,
            JWT_SECRET: randomBytes(32).toString("hex"),
            LOG_LEVEL: "silent",
          },
          stdio: ["pipe", "pipe", "pipe"],
        },
      );
      child.stdin.end();
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
  }

  it("prints a link on PUBLIC_URL, then refuses the same address with exit code 1 and one line", async () => {
    const args = ["--email", "founder@school.example", "--first-name", "Fran", "--last-name", "Founder"];
    const first = await cli(args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^ {2}https:\/\/learn\.example\.com\/admin-invitation\/\S+$/m);

    const second = await cli(args);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      "An account with this email address already exists: nothing was changed.",
    );
    expect(second.stdout + second.stderr).not.toMatch(/argon2|\$[0-9a-z]+\$|founder@school|Fran/);

    const { db, pool } = createDb(databaseUrl, { max: 1 });
    const rows = await db
      .select({ roleId: users.roleId, emailVerifiedAt: users.emailVerifiedAt })
      .from(users);
    await pool.end();
    expect(rows).toEqual([{ roleId: 5, emailVerifiedAt: null }]);
  }, 120_000);
});
