/**
 * The platform's Ed25519 credential signing keys. Generated once on first use, stored in
 * the database with the private half encrypted (AES-256-GCM under a key derived with HKDF from
 * CREDENTIALS_SECRET, else JWT_SECRET), so every node on the database signs with the same key and no
 * key file lives in the repository or on one node's disk. A rotation retires the signing key and
 * adds a new one; retired keys stay published (DID document, JWKS) so earlier credentials verify.
 */
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from "node:crypto";
import { asc, desc, eq, isNull } from "drizzle-orm";
import { calculateJwkThumbprint } from "jose";
import type { Db, DbOrTx } from "../db/client";
import { issuerKeys } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { lockIssuerKeys } from "./credentials.repository";

export type PublicJwk = { kty: string; crv: string; x: string };
export type SigningKey = { kid: string; privateKey: KeyObject; publicJwk: PublicJwk };

const VERSION = "v1";

function aesKey(secret: string) {
  return Buffer.from(hkdfSync("sha256", secret, "aprendo-credentials", "credential signing key", 32));
}

export function encryptPrivateKey(jwk: object, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", aesKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(jwk), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/**
 * Tries each secret (the current one, then JWT_SECRET and its predecessor during a rotation);
 * answers the key and which secret opened it.
 */
export function decryptPrivateKey(stored: string, secrets: string[]): { key: KeyObject; secret: number } {
  const raw = Buffer.from(stored.slice(VERSION.length + 1), "base64url");
  for (const [index, secret] of secrets.entries()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", aesKey(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      return { key: createPrivateKey({ key: JSON.parse(json), format: "jwk" }), secret: index };
    } catch {
      // Wrong secret: the authentication tag does not match; the next secret may be the right one.
    }
  }
  throw new Error(
    "The credential signing key cannot be decrypted with CREDENTIALS_SECRET, JWT_SECRET or JWT_SECRET_PREVIOUS (docs/certificates.md, key handling).",
  );
}

async function insertKey(db: DbOrTx, secret: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const publicJwk = publicKey.export({ format: "jwk" }) as PublicJwk;
  const kid = await calculateJwkThumbprint({ kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x });
  await db.insert(issuerKeys).values({
    kid,
    publicJwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x },
    privateKeyEncrypted: encryptPrivateKey(privateKey.export({ format: "jwk" }), secret),
  });
  return kid;
}

/** The key that signs now, generated on first use. */
export async function signingKey(db: Db, secrets: string[]): Promise<SigningKey> {
  const read = async (tx: DbOrTx) =>
    (
      await tx
        .select()
        .from(issuerKeys)
        .where(isNull(issuerKeys.retiredAt))
        .orderBy(desc(issuerKeys.id))
        .limit(1)
    )[0];
  let row = await read(db);
  if (!row)
    row = await transaction(db, async (tx) => {
      // One generation however many nodes or requests ask at once.
      await lockIssuerKeys(tx);
      const again = await read(tx);
      if (again) return again;
      await insertKey(tx, secrets[0]!);
      return (await read(tx))!;
    });
  const { key, secret } = decryptPrivateKey(row.privateKeyEncrypted, secrets);
  // Opened with an older secret (JWT_SECRET rotated, or CREDENTIALS_SECRET newly set): store it
  // under the current one now, so removing JWT_SECRET_PREVIOUS later cannot lose the key.
  if (secret > 0)
    await db
      .update(issuerKeys)
      .set({ privateKeyEncrypted: encryptPrivateKey(key.export({ format: "jwk" }), secrets[0]!) })
      .where(eq(issuerKeys.id, row.id));
  return { kid: row.kid, privateKey: key, publicJwk: row.publicJwk };
}

/** Every key ever used, oldest first (the DID document and JWKS publish them all). */
export async function publishedKeys(db: DbOrTx) {
  return db
    .select({
      kid: issuerKeys.kid,
      publicJwk: issuerKeys.publicJwk,
      createdAt: issuerKeys.createdAt,
      retiredAt: issuerKeys.retiredAt,
    })
    .from(issuerKeys)
    .orderBy(asc(issuerKeys.id));
}

export const publicKeyOf = (jwk: PublicJwk) => createPublicKey({ key: jwk, format: "jwk" });

/** Retires the signing key and generates its successor; answers the new key's id. */
export async function rotateSigningKey(db: Db, secrets: string[]): Promise<string> {
  return transaction(db, async (tx) => {
    await lockIssuerKeys(tx);
    await tx.update(issuerKeys).set({ retiredAt: new Date() }).where(isNull(issuerKeys.retiredAt));
    return insertKey(tx, secrets[0]!);
  });
}
