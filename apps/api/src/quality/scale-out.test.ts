/**
 * The product scaled out as an operator runs it. Three real nodes (the built server
 * as child processes, as `npm start` runs it), each with its own DATA_DIR and no shared
 * disk, files in a real S3-compatible server (s3rver), mail to a real SMTP server (smtp-server), one
 * PostgreSQL, behind a round-robin streaming proxy (test/round-robin-proxy.ts). The nodes start at
 * the same moment on an empty database. Every check goes through the proxy, pinned to the node it is
 * about: what one node wrote, another must serve.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { type NodeProcess, startNodeProcess } from "../../test/node-process";
import { NODE_HEADER, type RoundRobinProxy, startRoundRobinProxy } from "../../test/round-robin-proxy";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { serverBundle } from "../../test/server-bundle";
import { createEmptyDatabase, type TestApp } from "../../test/test-app";
import { LOGIN_FAILURE_LIMIT } from "../auth/login-lock";
import { buildCourse, multipart, sampleVideo } from "../catalog/catalog.fixtures";
import { loadConfig } from "../config/config";
import { createDb } from "../db/client";
import { freePort } from "../db/embedded";
import { lectures } from "../db/schema/index";

const MB = 1_000_000;

let s3: LocalS3;
let smtp: SMTPServer;
const mails: string[] = [];
let proxy: RoundRobinProxy;
let nodes: NodeProcess[] = [];
const folders: string[] = [];
let db: ReturnType<typeof createDb>;
let t: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push(`${session.envelope.rcptTo.map((r) => r.address).join(",")}\n${Buffer.concat(chunks)}`);
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  const ports = [await freePort(), await freePort(), await freePort()];
  proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
  const shared = {
    DATABASE_URL: await createEmptyDatabase(),
    JWT_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: proxy.url,
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: "4",
    STORAGE_DRIVER: "s3",
    S3_BUCKET: s3.settings.bucket,
    S3_REGION: s3.settings.region,
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SHUTDOWN_GRACE_SECONDS: "5",
  };
  const script = await serverBundle();
  // All three at the same moment, on a database with no migrations yet.
  nodes = await Promise.all(
    ports.map(async (port) => {
      const folder = await mkdtemp(path.join(tmpdir(), "aprendo-scale-"));
      folders.push(folder);
      return startNodeProcess({ ...shared, PORT: String(port), DATA_DIR: folder }, script);
    }),
  );
  await Promise.all(nodes.map((node) => node.ready(90_000)));

  db = createDb(shared.DATABASE_URL, { max: 2 });
  t = {
    deps: { db: db.db, storage: s3.storage() },
    config: loadConfig({ ...shared, DATA_DIR: folders[0]! }),
  } as unknown as TestApp;
  // Room for the run's bundle build (when this file is the first to ask) before the nodes' 90 s.
}, 150_000);

afterAll(async () => {
  const codes = await Promise.all(nodes.map((node) => node.stop()));
  await db?.pool.end();
  await proxy?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await s3?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  expect(codes, nodes.map((node) => node.output()).join("\n")).toEqual([0, 0, 0]);
}, 60_000);

/** A request through the proxy, answered by node `node` (0, 1 or 2). */
function on(node: number, route: string, init: RequestInit = {}) {
  return fetch(`${proxy.url}/api${route}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), [NODE_HEADER]: String(node) },
  });
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refreshCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("refresh_token="))
    ?.split(";")[0];

describe("three nodes behind a proxy, one PostgreSQL, files in S3, mail over SMTP", () => {
  it("all came up although they started together on an empty database", async () => {
    for (const node of nodes) expect((await fetch(`${node.url}/api/ready`)).status, node.output()).toBe(200);
    for (const node of nodes) expect(node.output()).not.toMatch(/error|failed/i);
  });

  it("a video uploaded through node 1 streams, with Range, from nodes 2 and 3; no node's disk holds it", async () => {
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { levels: 1, lectures: 1, previewAt: [0] });
    const lectureId = course.lectureIds[0]!;
    const video = Buffer.concat([sampleVideo(), randomBytes(3 * MB)]);
    const form = multipart(
      { duration_seconds: "60" },
      { filename: "talk.mp4", contentType: "video/mp4", data: video },
    );
    const uploaded = await on(0, `/af/lectures/${lectureId}/video`, {
      method: "POST",
      headers: { ...author.auth, ...form.headers },
      body: form.payload,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    const part = await on(1, `/lectures/${lectureId}/preview/video`, {
      headers: { range: "bytes=1000-1999" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);

    const whole = await on(2, `/lectures/${lectureId}/preview/video`);
    expect(whole.status).toBe(200);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(video));

    const [row] = await db.db.select().from(lectures).where(eq(lectures.id, lectureId));
    expect(await s3.keys()).toContain(row!.videoKey);
    // The nodes' own folders hold no upload: the bucket is the only store.
    for (const folder of folders) {
      const entries = await readdir(path.join(folder, "uploads")).catch(() => []);
      expect(entries).toEqual([]);
    }
  });

  it("logged in on node 1, refreshed on node 2, logged out on node 3: the tokens are refused everywhere", async () => {
    const learner = await buildLearner(t);
    const login = await on(0, "/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: learner.username, password: learner.password }),
    });
    expect(login.status).toBe(200);
    const first = refreshCookie(login)!;
    expect(first).toBeDefined();

    const refreshed = await on(1, "/auth/refresh", { method: "POST", headers: { cookie: first } });
    expect(refreshed.status).toBe(200);
    const { access_token: accessToken } = (await refreshed.json()) as { access_token: string };
    const second = refreshCookie(refreshed)!;
    for (const node of [0, 1, 2])
      expect((await on(node, "/auth/me", { headers: bearer(accessToken) })).status).toBe(200);

    const out = await on(2, "/auth/logout", {
      method: "POST",
      headers: { ...bearer(accessToken), cookie: second },
    });
    expect(out.status).toBe(200);
    for (const node of [0, 1, 2]) {
      expect((await on(node, "/auth/me", { headers: bearer(accessToken) })).status).toBe(401);
      expect((await on(node, "/auth/refresh", { method: "POST", headers: { cookie: second } })).status).toBe(
        401,
      );
    }
  });

  it("ten wrong passwords spread over the three nodes lock the account on every node", async () => {
    const learner = await buildLearner(t);
    const login = (node: number, password: string) =>
      on(node, "/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: learner.username, password }),
      });
    // Counted in PostgreSQL: per process, each node would have seen only three or four.
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++)
      expect((await login(attempt % 3, "Wrong-Pass9")).status).toBe(401);
    for (const node of [0, 1, 2]) expect((await login(node, learner.password)).status).toBe(429);
  });

  it("a notification created on node 1 reaches an event stream open on node 2, and its mail goes out over SMTP", async () => {
    const learner = await buildLearner(t);
    const ticket = (await (
      await on(2, "/notifications/stream-ticket", { method: "POST", headers: learner.auth })
    ).json()) as { ticket: string };
    let events = "";
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${proxy.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.ticket)}`,
          { headers: { [NODE_HEADER]: "1" } },
          resolve,
        )
        .on("error", reject);
    });
    expect(stream.statusCode).toBe(200);
    stream.setEncoding("utf8");
    stream.on("data", (text: string) => {
      events += text;
    });
    // The node says "ready" once it listens for this user's events.
    await expect.poll(() => events, { timeout: 10_000 }).toContain("event: ready");

    // Changing the password (on node 1) stores a notice for the owner and queues a mail.
    const changed = await on(0, "/iu/change-password", {
      method: "PUT",
      headers: { ...learner.auth, "content-type": "application/json" },
      body: JSON.stringify({
        current_password: learner.password,
        password: "Another-Pass2",
        password_confirmation: "Another-Pass2",
      }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await expect.poll(() => events, { timeout: 15_000 }).toContain("event: notification");
    stream.destroy();

    // Any node's pg-boss worker delivers the queued mail to the SMTP server.
    await expect
      .poll(() => mails.some((mail) => mail.startsWith(learner.email)), { timeout: 30_000 })
      .toBe(true);
  });
});
