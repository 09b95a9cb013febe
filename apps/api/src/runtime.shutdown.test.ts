/**
 * A node stopped with SIGTERM (a rolling deploy) finishes what it is doing. The real
 * product (the built server, as `npm start` runs it, with DATABASE_URL so the embedded PostgreSQL
 * package must not even be loaded) runs as a child process; a 40 MB upload and a 40 MB download are both
 * half-way when SIGTERM arrives. Both complete with every byte, an open notification stream gets its
 * `reconnect` event, new connections are refused, and the process exits 0.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../test/factories";
import { serverBundle } from "../test/server-bundle";
import { createTestDatabase, type TestApp } from "../test/test-app";
import { buildCourse, sampleVideo } from "./catalog/catalog.fixtures";
import { loadConfig } from "./config/config";
import { createDb } from "./db/client";
import { freePort } from "./db/embedded";
import { lectures } from "./db/schema/index";
import { listen, startRuntime } from "./runtime";
import { createLocalStorage } from "./storage/storage";

const MB = 1_000_000;
const root = path.resolve(import.meta.dirname, "../../..");

let folder: string;
let child: ChildProcess;
let base: string;
let exited: Promise<number | null>;
let output = "";
let env: Record<string, string>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "aprendo-shutdown-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    DATABASE_URL: await createTestDatabase(),
    DATA_DIR: folder,
    JWT_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: base,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    RATE_LIMITS: "off",
    SHUTDOWN_GRACE_SECONDS: "20",
    // The uploaded video is not what this file is about: no transcode job, so no ffmpeg is left
    // running on the 40 MB after the node has stopped.
    FFMPEG_PATH: "none",
  };
  child = spawn(process.execPath, ["--enable-source-maps", await serverBundle()], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  await waitUntilReady();
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await rm(folder, { recursive: true, force: true });
});

async function waitUntilReady() {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${output}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A gate a transfer waits at, half-way, until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("SIGTERM", () => {
  it("lets an upload and a download in flight finish, ends event streams politely, and exits 0", async () => {
    // Accounts and a lecture with a 40 MB video, written straight into the node's database and folder.
    const { db, pool } = createDb(env.DATABASE_URL!, { max: 2 });
    const t = {
      deps: { db, storage: createLocalStorage(path.join(folder, "uploads")) },
      config: loadConfig(env),
    } as unknown as TestApp;
    const author = await buildAdmin(t, ["isCourseManager"]);
    // The first lecture is a public preview: its video streams to anyone.
    const course = await buildCourse(t, { levels: 1, lectures: 2, previewAt: [0] });
    const [downloadLecture, uploadLecture] = course.lectureIds as [number, number];
    const served = Buffer.concat([sampleVideo(), randomBytes(40 * MB)]);
    await t.deps.storage.put(`lectures/${downloadLecture}/big.mp4`, served);
    await db
      .update(lectures)
      .set({ videoKey: `lectures/${downloadLecture}/big.mp4`, videoBytes: served.length })
      .where(eq(lectures.id, downloadLecture));

    // A notification stream, open.
    const ticket = await fetch(`${base}/api/notifications/stream-ticket`, {
      method: "POST",
      headers: author.auth,
    }).then((r) => r.json() as Promise<{ ticket: string }>);
    let streamText = "";
    const streamEnded = new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket.ticket)}`, (res) => {
          res.setEncoding("utf8");
          res.on("data", (text: string) => {
            streamText += text;
          });
          res.on("end", resolve);
        })
        .on("error", reject);
    });

    // The download: its first chunk read, then waiting at the gate (the node keeps the rest waiting for us).
    const downloadGate = gate();
    const downloadHalfway = gate();
    const downloaded = new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/api/lectures/${downloadLecture}/preview/video`, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
          });
          res.on("end", () => resolve(Buffer.concat(chunks)));
          res.on("error", reject);
          // Paused after its first chunk until SIGTERM has been sent.
          res.once("data", () => {
            res.pause();
            downloadHalfway.open();
            void downloadGate.opened.then(() => res.resume());
          });
        })
        .on("error", reject);
    });

    // The upload: 40 MB, half sent, then waiting at the gate.
    const uploadGate = gate();
    const uploadHalfway = gate();
    const sent = Buffer.concat([sampleVideo(), randomBytes(40 * MB)]);
    const boundary = "----aprendoshutdown";
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="duration_seconds"\r\n\r\n60\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      const half = Math.floor(sent.length / 2);
      for (let at = 0; at < half; at += MB) yield sent.subarray(at, Math.min(at + MB, half));
      uploadHalfway.open();
      await uploadGate.opened;
      for (let at = half; at < sent.length; at += MB) yield sent.subarray(at, Math.min(at + MB, sent.length));
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const uploaded = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${base}/api/af/lectures/${uploadLecture}/video`,
        {
          method: "POST",
          headers: { ...author.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      request.on("error", reject);
      Readable.from(body()).pipe(request);
    });

    await Promise.all([downloadHalfway.opened, uploadHalfway.opened]);
    child.kill("SIGTERM");
    // The node stops listening at once: a new connection is refused.
    await expect
      .poll(() =>
        fetch(`${base}/api/ready`).then(
          () => "answered",
          () => "refused",
        ),
      )
      .toBe("refused");
    downloadGate.open();
    uploadGate.open();

    const [download, upload] = await Promise.all([downloaded, uploaded]);
    expect(upload.status, upload.body).toBe(200);
    expect(download.length).toBe(served.length);
    expect(sha256(download)).toBe(sha256(served));
    await streamEnded;
    expect(streamText).toContain("event: reconnect");

    expect(await exited, output).toBe(0);
    expect(output).toContain("Stopped cleanly");

    // Every byte of the upload is in the store, under the key the lecture now names.
    const [row] = await db.select().from(lectures).where(eq(lectures.id, uploadLecture));
    expect(sha256(await readFile(path.join(folder, "uploads", row!.videoKey!)))).toBe(sha256(sent));
    await pool.end();
  }, 120_000);

  it("cuts what still runs after SHUTDOWN_GRACE_SECONDS, and stops all the same", async () => {
    const port = await freePort();
    const config = loadConfig({
      ...env,
      DATABASE_URL: await createTestDatabase(),
      PORT: String(port),
      JOBS: "off",
      LOG_LEVEL: "silent",
      SHUTDOWN_GRACE_SECONDS: "1",
    });
    const runtime = await startRuntime(config);
    await listen(runtime, config);
    const t = { deps: runtime.deps, config } as unknown as TestApp;
    const author = await buildAdmin(t, ["isCourseManager"]);
    const course = await buildCourse(t, { status: "draft", levels: 1, lectures: 1 });
    // An upload whose client sends half and then nothing more: it would never finish on its own.
    const boundary = "----aprendostuck";
    const request = http.request(`http://127.0.0.1:${port}/api/af/lectures/${course.lectureIds[0]}/video`, {
      method: "POST",
      headers: { ...author.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    const cut = new Promise<string>((resolve) => {
      request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      // With what the node said, so an answer instead of the cut says why it answered.
      request.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve(`answered ${res.statusCode}: ${text}`));
        res.on("close", () => resolve(`answered ${res.statusCode}: ${text}`));
      });
    });
    // In flight once the node has read the request's head. A connection whose head it has not read
    // yet is idle to Node's server.close(), which drops it at once: waiting only for the connection
    // (as this test did) let a loaded machine stop in 0.2 s with nothing to wait for.
    const arrived = new Promise<void>((resolve) => runtime.app.server.once("request", () => resolve()));
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    request.write(Buffer.concat([sampleVideo(), Buffer.alloc(MB)]));
    await arrived;
    const started = Date.now();
    await runtime.stop();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(10_000);
    expect(await cut).toBe("ECONNRESET");
  }, 60_000);
});
