/**
 * An upload streams from the request into S3 without being held in memory. A
 * 300 MB file, generated as it is sent (never in memory or on disk on the sending side), goes through
 * the product's upload path (catalog/uploads.ts `storeUpload` over http/multipart.ts and the S3 driver)
 * to a real S3-compatible server (s3rver), while this process's resident memory is sampled: it grows by
 * less than 250 MB (held whole, the file alone would add 300). The object stored is the bytes sent,
 * by their SHA-256, read back from the S3 server with a client of its own. A file over its limit is
 * cut while streaming and leaves no object.
 *
 * The product's largest limit is 200 MB (lecture videos), so the route here is the same upload path
 * mounted with a 400 MB limit.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../../test/s3-server";
import { installErrorHandler } from "../http/error-handler";
import { storeUpload } from "../http/uploads";
import type { Storage } from "./storage";

const MB = 1_000_000;

let s3: LocalS3;
let storage: Storage;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = s3.storage();
  app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(fastifyMultipart);
  app.post<{ Params: { max: string } }>("/upload/:max", async (request) => {
    const stored = await storeUpload(request, storage, {
      maxBytes: Number(request.params.max),
      types: ["video/mp4"],
      keyFor: () => `streamed/${Date.now()}.mp4`,
    });
    return { key: stored.key, size: stored.size };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await s3.close();
});

/** An MP4 head (`ftyp` box), then pseudo-random bytes, `size` in all, made chunk by chunk as it is read. */
function generatedVideo(size: number): { stream: () => AsyncGenerator<Buffer>; sha256: () => string } {
  const hash = createHash("sha256");
  const block = Buffer.alloc(1024 * 1024);
  return {
    async *stream() {
      const head = Buffer.from("0000001c667479706d703432000000006d7034316d70343269736f6d", "hex");
      hash.update(head);
      yield head;
      let sent = head.length;
      let n = 0;
      while (sent < size) {
        // Different bytes in every block, so nothing downstream could get away with deduplicating.
        block.fill(n++ % 251);
        block.writeUInt32BE(n, 0);
        const chunk = Buffer.from(block.subarray(0, Math.min(block.length, size - sent)));
        hash.update(chunk);
        sent += chunk.length;
        yield chunk;
      }
    },
    sha256: () => hash.digest("hex"),
  };
}

/** POSTs one multipart file made by `file`, chunked (no declared length), answering status and JSON. */
async function postStreamed(url: string, file: AsyncGenerator<Buffer>) {
  const boundary = "----aprendostream";
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    yield* file;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            json: JSON.parse(Buffer.concat(chunks).toString() || "{}"),
          }),
        );
      },
    );
    // The server may answer (413) before the body is all sent, and close: that is not a failure here.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    Readable.from(body()).pipe(request);
  });
}

async function objectSha256(key: string): Promise<{ sha256: string; size: number }> {
  const client = new S3Client({
    region: s3.settings.region,
    endpoint: s3.settings.endpoint,
    forcePathStyle: true,
    ...s3.client,
  });
  const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of object.Body as Readable) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  client.destroy();
  return { sha256: hash.digest("hex"), size };
}

describe("uploads stream into S3", () => {
  it("300 MB stored byte for byte while memory grows by less than 250 MB", async () => {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const size = 300 * MB;
    const video = generatedVideo(size);
    try {
      const answer = await postStreamed(`${base}/upload/${400 * MB}`, video.stream());
      expect(answer.status).toBe(200);
      expect(answer.json.size).toBe(size);
      const stored = await objectSha256(String(answer.json.key));
      expect(stored.size).toBe(size);
      expect(stored.sha256).toBe(video.sha256());
    } finally {
      clearInterval(sampler);
    }
    expect(peak - baseline).toBeLessThan(250 * MB);
  }, 180_000);

  it("a file over its limit is cut while streaming and leaves no object", async () => {
    const before = await s3.keys();
    const answer = await postStreamed(`${base}/upload/${20 * MB}`, generatedVideo(30 * MB).stream());
    expect(answer.status).toBe(413);
    expect(await s3.keys()).toEqual(before);
  }, 60_000);
});
