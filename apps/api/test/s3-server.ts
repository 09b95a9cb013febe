/**
 * A real S3-compatible server for the API tests: s3rver (pure JavaScript, on a free port, its data in
 * a temporary folder), with one bucket. The storage driver under test is the product's own
 * (storage/s3.ts), talking HTTP to it with the AWS SDK like to any S3 service.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createS3Storage, type S3Settings } from "../src/storage/s3";
import type { Storage } from "../src/storage/storage";

export type LocalS3 = {
  settings: S3Settings;
  /** What the SDK needs besides the settings: s3rver's fixed credentials. */
  client: S3ClientConfig;
  storage: () => Storage;
  /** The keys stored in the bucket, read from the server (not from the driver under test). */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
};

export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "aprendo-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const settings: S3Settings = {
    driver: "s3",
    bucket: "aprendo-test",
    region: "eu-west-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
  };
  const client: S3ClientConfig = { credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } };
  const s3 = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    ...client,
  });
  await s3.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    settings,
    client,
    storage: () => createS3Storage(settings, client),
    keys: async () => {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    close: async () => {
      s3.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
