import { createHash } from "node:crypto";

/** The SHA-256 digest in hex: a stored file's fingerprint, a secret's stored form. */
export const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
