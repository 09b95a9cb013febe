/**
 * The S3-compatible storage driver (AWS S3, MinIO, Ceph, Cloudflare R2, Scaleway...), on the AWS SDK
 * v3. Credentials come from the SDK's standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY /
 * AWS_SESSION_TOKEN, AWS_PROFILE, an instance or task role): docs/configuration.md.
 *
 * Every write goes through lib-storage's `Upload`: a stream is cut into 8 MB parts (a multipart upload,
 * at most `queueSize` parts in memory at once) and each part is sent with a known length. That keeps
 * memory flat for a 200 MB video and never uses the SDK's `aws-chunked` streaming encoding, which
 * some S3-compatible servers store verbatim inside the object. A failed upload is aborted, so no
 * half object and no orphan parts are left.
 *
 * Reads are ranged GETs streamed straight to the client: objects stay private and every file is
 * served through the API with its access checks and sandbox headers (catalog/send-file.ts).
 */
import { PassThrough, type Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Config } from "../config/config";
import type { Storage } from "./storage";

export type S3Settings = Extract<Config["storage"], { driver: "s3" }>;

const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** `client` adds to the SDK settings (tests pass the local server's credentials). */
export function createS3Storage(settings: S3Settings, client: S3ClientConfig = {}): Storage {
  const s3 = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...client,
  });
  const Bucket = settings.bucket;
  return {
    driver: "s3",
    async put(Key, data, options = {}) {
      const upload = new Upload({
        client: s3,
        params: {
          Bucket,
          Key,
          Body: data,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      });
      await upload.done();
    },
    async get(Key) {
      let size: number;
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      return {
        size,
        stream: (range) => {
          // The answer is a stream at once; the GET's body flows into it when it arrives. A client that
          // goes away destroys `out`, and the pipe then ends the GET too.
          const out = new PassThrough();
          const controller = new AbortController();
          out.on("close", () => controller.abort());
          s3.send(
            new GetObjectCommand({
              Bucket,
              Key,
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
            { abortSignal: controller.signal },
          ).then(
            (object) => {
              const body = object.Body as Readable;
              body.on("error", (error) => out.destroy(error));
              body.pipe(out);
            },
            (error: unknown) => out.destroy(error as Error),
          );
          return out;
        },
      };
    },
    async delete(Key) {
      // S3 answers 204 for a key that is not there: deleting is idempotent, as on the local driver.
      await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
}
