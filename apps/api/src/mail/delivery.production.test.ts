/**
 * Queued mail against a real SMTP server (npm smtp-server) on this machine, with pg-boss as in
 * production (test/production-jobs.ts): the server is down, then never answers, then back. A
 * registration answers 201 at once in every phase, and its mail goes out when the server is back;
 * each attempt is on the row and administrators read it at GET /api/af/outbox.
 */
import net from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { createProductionJobsApp, type ProductionJobsApp } from "../../test/production-jobs";
import { adultForm, call } from "../auth/auth.testing";
import { outbox } from "../db/schema/index";
import { DELIVER_JOB } from "./delivery";

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let port: number;
let t: ProductionJobsApp;

/** A port nothing listens on yet: the SMTP server starts on it later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `mode`: "accept" takes every mail; "silent" accepts the connection and never greets (a hung
 * server); "reject" refuses every recipient with 550.
 */
async function startSmtp(mode: "accept" | "silent" | "reject"): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A stopped server cuts its connections at once instead of waiting 30 s for them.
    closeTimeout: 100,
    onConnect(_session, callback) {
      if (mode !== "silent") callback();
    },
    onRcptTo(_address, _session, callback) {
      if (mode !== "reject") return callback();
      callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

const rowTo = async (to: string) => {
  const [row] = await t.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no outbox row to ${to}`);
  return row;
};

/** Registers an adult: 201 whatever the SMTP server is doing, the mail only queued. */
async function register() {
  const form = adultForm();
  const res = await call(t, "/auth/register", { payload: form });
  expect(res.statusCode, res.body).toBe(201);
  return form.email;
}

beforeAll(async () => {
  port = await freePort();
  t = await createProductionJobsApp({ smtpUrl: `smtp://127.0.0.1:${port}`, smtpTimeoutSeconds: 1 });
});
afterAll(() => t?.close());

describe("queued mail against a real SMTP server", () => {
  // Five waits on pg-boss and the SMTP server, one of them a real 1 s SMTP timeout: 30 s was short
  // of them on a loaded machine (a wait then failed with a second left, or the test timed out).
  it("registers while the server is down, then hung, and delivers the mail once it is back", {
    timeout: 60_000,
  }, async () => {
    // Down: nothing listens on the port.
    const first = await register();
    expect((await rowTo(first)).status).toBe("queued");
    const refused = await t.until("a refused first attempt", async () => {
      const row = await rowTo(first);
      return row.attempts >= 1 && row;
    });
    expect(refused.status).toBe("queued");
    expect(refused.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);

    // Hung: the server takes the connection and never says a word.
    const hung = await startSmtp("silent");
    let second: string;
    try {
      second = await register();
      // The answer did not wait for the mail: an attempt against a server that never greets ends
      // only when the 1 s SMTP timeout fires, and none has ended for this mail yet.
      expect(await rowTo(second)).toMatchObject({ status: "queued", attempts: 0 });
      const timedOut = await t.until("an attempt that timed out", async () => {
        const row = await rowTo(first);
        return row.attempts >= 2 && row;
      });
      expect(timedOut.status).toBe("queued");
      expect(timedOut.lastError).toMatch(/timeout|ETIMEDOUT/i);
    } finally {
      // Also when a check failed: a server left on the port would fail the next test's start.
      await stopSmtp(hung);
    }

    // Back: both mails go out, the verification link inside.
    const server = await startSmtp("accept");
    try {
      for (const to of [first, second]) {
        const sent = await t.until(`the mail to ${to} delivered`, async () => {
          const row = await rowTo(to);
          return row.status === "sent" && row;
        });
        expect(sent).toMatchObject({ driver: "smtp", lastError: null });
        expect(sent.deliveredAt).toBeInstanceOf(Date);
        const mail = received.find((m) => m.to.includes(to));
        expect(mail?.raw).toContain("verification_token");
      }
      expect((await rowTo(first)).attempts).toBeGreaterThanOrEqual(3);
      // pg-boss retried the same job (with backoff) and then completed it.
      const jobs = await t.jobsOf(DELIVER_JOB);
      expect(jobs.some((j) => j.state === "completed" && j.retryCount >= 2)).toBe(true);
      expect(jobs.every((j) => j.retryBackoff)).toBe(true);
    } finally {
      await stopSmtp(server);
    }

    // Administrators see the record, never the body.
    const admin = await buildAdmin(t, ["isConfigManager"]);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/af/outbox?search=${encodeURIComponent(first)}`,
      headers: admin.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    const [entry] = list.json().data;
    expect(entry).toMatchObject({ recipient: first, status: "sent", driver: "smtp", last_error: null });
    expect(entry.attempts).toBeGreaterThanOrEqual(3);
    expect(list.body).not.toContain("verification_token");
  });

  it("fails a mail the server refuses for good at once, and an administrator can queue it again", async () => {
    const server = await startSmtp("reject");
    let to: string;
    try {
      to = await register();
      const failed = await t.until("a refused mail", async () => {
        const row = await rowTo(to);
        return row.status === "failed" && row;
      });
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toMatch(/550/);
    } finally {
      await stopSmtp(server);
    }
    const admin = await buildAdmin(t, ["isConfigManager"]);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/af/outbox?status=failed",
      headers: admin.auth,
    });
    expect(list.json()).toMatchObject({ counts: { failed: 1 } });
    const id = list.json().data[0].id;

    const back = await startSmtp("accept");
    try {
      const retry = await t.app.inject({
        method: "POST",
        url: `/api/af/outbox/${id}/retry`,
        headers: admin.auth,
      });
      expect(retry.statusCode, retry.body).toBe(200);
      await t.until("the mail queued again delivered", async () => {
        const row = await rowTo(to);
        return row.status === "sent" && row;
      });
      expect(received.some((m) => m.to.includes(to))).toBe(true);
    } finally {
      await stopSmtp(back);
    }
    // A sent message is not sent twice.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/af/outbox/${id}/retry`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(409);
  });
});
