/**
 * Open Badges 3.0 credentials. Every certificate is also an `OpenBadgeCredential`
 * (Verifiable Credentials Data Model 2.0), signed with the platform's Ed25519 key two ways:
 * - as a VC-JWT (`alg: EdDSA`): the payload is the credential itself with the registered claims
 *   iss, sub, jti and nbf (no iat, so the same key gives the same token every time);
 * - as the JSON credential with a Data Integrity proof, cryptosuite `eddsa-jcs-2022` (JSON
 *   canonicalisation, so no JSON-LD context is ever fetched or even processed at run time).
 * The issuer is `did:web` of PUBLIC_URL; `credentialStatus` points at two Bitstring Status Lists
 * (revocation and suspension), the certificate's id being its index in both.
 */
import { createHash, createHmac, sign, verify } from "node:crypto";
import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { compactVerify, decodeProtectedHeader, SignJWT } from "jose";
import { verifyUrl } from "../certificates/certificates.service";
import type { Db, DbOrTx } from "../db/client";
import { certificates, users } from "../db/schema/index";
import { CONTEXTS } from "./contexts";
import { statusListEntries } from "./credentials.repository";
import { publicKeyOf, publishedKeys, type SigningKey, signingKey } from "./keys";

export const STATUS_PURPOSES = ["revocation", "suspension"] as const;
export type StatusPurpose = (typeof STATUS_PURPOSES)[number];
/** The smallest list the Bitstring Status List recommendation allows (16 KiB): herd privacy. */
const MIN_LIST_BITS = 131_072;

type Settings = { publicUrl: string; brandName: string; credentialSecrets: string[] };
type Json = Record<string, unknown>;

/** did:web of PUBLIC_URL's host (a port is percent-encoded, as did:web says). */
export function issuerDid(publicUrl: string) {
  return `did:web:${encodeURIComponent(new URL(publicUrl).host)}`;
}
const base = (publicUrl: string) => publicUrl.replace(/\/$/, "");
export const statusListUrl = (publicUrl: string, purpose: StatusPurpose) =>
  `${base(publicUrl)}/api/credentials/status/${purpose}`;
export const issuerProfileUrl = (publicUrl: string) => `${base(publicUrl)}/api/credentials/issuer`;
export const badgeImageUrl = (publicUrl: string) => `${base(publicUrl)}/api/credentials/badge.png`;

/** The issuer Profile (Open Badges 3.0), embedded in each credential and served on its own. */
export function issuerProfile(s: Pick<Settings, "publicUrl" | "brandName">) {
  return {
    id: issuerDid(s.publicUrl),
    type: ["Profile"],
    name: s.brandName,
    url: base(s.publicUrl),
  };
}

export type CredentialSource = {
  id: number;
  code: string;
  kind: "title" | "module" | "level";
  courseId: number;
  itemId: number;
  itemTitleEn: string;
  itemTitleEs: string;
  issuedAt: Date;
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
};

export async function credentialSource(db: DbOrTx, id: number): Promise<CredentialSource | null> {
  const [row] = await db
    .select({
      id: certificates.id,
      code: certificates.code,
      kind: certificates.kind,
      courseId: certificates.courseId,
      itemId: certificates.itemId,
      itemTitleEn: certificates.itemTitleEn,
      itemTitleEs: certificates.itemTitleEs,
      issuedAt: certificates.issuedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.id, id));
  return row ?? null;
}

const KIND_WORDS = {
  en: { title: "title", module: "module", level: "level" },
  es: { title: "título", module: "módulo", level: "nivel" },
};

/** The unsigned OpenBadgeCredential of a certificate, in the learner's language. */
export function buildCredential(source: CredentialSource, lang: "en" | "es", s: Settings): Json {
  const item = lang === "es" ? source.itemTitleEs : source.itemTitleEn;
  const kind = KIND_WORDS[lang][source.kind];
  const name = `${source.firstName} ${source.lastName}`.trim() || source.username;
  // A salt per certificate, stable (derived, not stored) and secret: the hash cannot be reversed
  // by trying common addresses, yet whoever knows the learner's address can check it.
  const salt = createHmac("sha256", s.credentialSecrets[0]!)
    .update(`salt:${source.code}`)
    .digest("hex")
    .slice(0, 32);
  // A learner registered by phone has no address: the name alone identifies them.
  const emailHash = source.email
    ? createHash("sha256")
        .update(source.email.trim().toLowerCase() + salt)
        .digest("hex")
    : null;
  return {
    "@context": CONTEXTS,
    id: verifyUrl(s.publicUrl, source.code),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: item,
    issuer: issuerProfile(s),
    validFrom: source.issuedAt.toISOString(),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [
        { type: "IdentityObject", identityType: "name", hashed: false, identityHash: name },
        ...(emailHash
          ? [
              {
                type: "IdentityObject",
                identityType: "emailAddress",
                hashed: true,
                identityHash: `sha256$${emailHash}`,
                salt,
              },
            ]
          : []),
      ],
      achievement: {
        id: `${base(s.publicUrl)}/api/credentials/achievements/${source.kind}-${source.itemId}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: item,
        description:
          lang === "es"
            ? `Certificado de ${kind} de ${s.brandName}: ${item}.`
            : `${s.brandName} ${kind} certificate: ${item}.`,
        criteria: {
          narrative:
            source.kind === "title"
              ? lang === "es"
                ? "Completar todas las lecciones publicadas del título."
                : "Complete every published lecture of the title."
              : lang === "es"
                ? `Aprobar el examen del ${kind}.`
                : `Pass the ${kind} exam.`,
        },
        image: { id: badgeImageUrl(s.publicUrl), type: "Image" },
      },
    },
    credentialStatus: STATUS_PURPOSES.map((purpose) => ({
      id: `${statusListUrl(s.publicUrl, purpose)}#${source.id}`,
      type: "BitstringStatusListEntry",
      statusPurpose: purpose,
      statusListIndex: String(source.id),
      statusListCredential: statusListUrl(s.publicUrl, purpose),
    })),
  };
}

const verificationMethod = (publicUrl: string, kid: string) => `${issuerDid(publicUrl)}#${kid}`;

/** A VC-JWT of a credential (also used for the status lists). */
export async function signJwt(credential: Json, key: SigningKey, publicUrl: string, typ = "vc+jwt") {
  const claims: Json = { ...credential, iss: issuerDid(publicUrl), jti: credential.id };
  const subject = (credential.credentialSubject as Json | undefined)?.id;
  if (typeof subject === "string") claims.sub = subject;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "EdDSA", typ, kid: verificationMethod(publicUrl, key.kid) })
    .setNotBefore(Math.floor(new Date(credential.validFrom as string).getTime() / 1000))
    .sign(key.privateKey);
}

/** JSON Canonicalization Scheme (RFC 8785): keys sorted by code unit, ECMAScript number forms. */
export function canonicalize(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalize).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Json)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalize((value as Json)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
export function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}
export function unbase58(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const digit = B58.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const hex = n === 0n ? "" : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  const zeros = text.length - text.replace(/^1+/, "").length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

/** What eddsa-jcs-2022 signs: hash(canonical proof options) followed by hash(canonical document). */
function proofInput(document: Json, options: Json) {
  const sha = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return Buffer.concat([sha(canonicalize(options)), sha(canonicalize(document))]);
}

/** The credential with a Data Integrity proof (cryptosuite eddsa-jcs-2022). */
export function withProof(credential: Json, key: SigningKey, publicUrl: string): Json {
  const options: Json = {
    type: "DataIntegrityProof",
    cryptosuite: "eddsa-jcs-2022",
    created: credential.validFrom,
    verificationMethod: verificationMethod(publicUrl, key.kid),
    proofPurpose: "assertionMethod",
    "@context": credential["@context"],
  };
  const signature = sign(null, proofInput(credential, options), key.privateKey);
  const { "@context": _context, ...proof } = options;
  return { ...credential, proof: { ...proof, proofValue: `z${base58(signature)}` } };
}

/** The three downloads of one certificate, signed with the current key. */
export async function signedCredential(db: Db, source: CredentialSource, lang: "en" | "es", s: Settings) {
  const key = await signingKey(db, s.credentialSecrets);
  const credential = buildCredential(source, lang, s);
  return {
    credential,
    jwt: await signJwt(credential, key, s.publicUrl),
    json: withProof(credential, key, s.publicUrl),
  };
}

/** One Bitstring Status List credential, signed as a VC-JWT: bit i set = certificate i revoked/suspended. */
export async function statusListJwt(db: Db, purpose: StatusPurpose, s: Settings) {
  const { ids, maxId } = await statusListEntries(db, purpose);
  const bits = Math.max(MIN_LIST_BITS, Math.ceil((maxId + 1) / 8) * 8);
  const list = Buffer.alloc(bits / 8);
  // Index 0 is the first byte's most significant bit (the recommendation's bit order).
  for (const id of ids) list[id >> 3]! |= 0x80 >> (id & 7);
  const url = statusListUrl(s.publicUrl, purpose);
  const credential = {
    "@context": [CONTEXTS[0]],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuerDid(s.publicUrl),
    validFrom: new Date().toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: "BitstringStatusList",
      statusPurpose: purpose,
      encodedList: `u${gzipSync(list).toString("base64url")}`,
    },
  };
  return signJwt(credential, await signingKey(db, s.credentialSecrets), s.publicUrl);
}

/** The DID document: every key ever used, all of them for assertions (old credentials verify). */
export async function didDocument(db: DbOrTx, publicUrl: string) {
  const did = issuerDid(publicUrl);
  const keys = await publishedKeys(db);
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"],
    id: did,
    verificationMethod: keys.map((k) => ({
      id: `${did}#${k.kid}`,
      // JsonWebKey2020: the type DID libraries (did-jwt, Veramo, walt.id) read for Ed25519 JWKs.
      type: "JsonWebKey2020",
      controller: did,
      publicKeyJwk: k.publicJwk,
    })),
    assertionMethod: keys.map((k) => `${did}#${k.kid}`),
  };
}

export async function jwks(db: DbOrTx) {
  const keys = await publishedKeys(db);
  return { keys: keys.map((k) => ({ ...k.publicJwk, kid: k.kid, use: "sig", alg: "EdDSA" })) };
}

// ---------------------------------------------------------------------------------------------
// Verification

export type Verdict = {
  format: "jwt" | "json";
  signature: "valid" | "invalid" | "unknown_issuer";
  credential: Json | null;
};

const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The key a verification method names, when it is one of ours. */
async function ourKey(db: DbOrTx, publicUrl: string, method: unknown) {
  if (typeof method !== "string") return null;
  const [did, kid] = method.split("#");
  if (did !== issuerDid(publicUrl) || !kid) return null;
  const key = (await publishedKeys(db)).find((k) => k.kid === kid);
  return key ? publicKeyOf(key.publicJwk) : null;
}

export async function verifyJwt(db: DbOrTx, publicUrl: string, jwt: string): Promise<Verdict> {
  let header: { kid?: unknown; alg?: unknown };
  let payload: unknown = null;
  try {
    header = decodeProtectedHeader(jwt);
    payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return { format: "jwt", signature: "invalid", credential: null };
  }
  const credential = isRecord(payload) ? payload : null;
  const key = await ourKey(db, publicUrl, header.kid);
  if (!key) return { format: "jwt", signature: "unknown_issuer", credential };
  try {
    await compactVerify(jwt, key, { algorithms: ["EdDSA"] });
    return { format: "jwt", signature: "valid", credential };
  } catch {
    return { format: "jwt", signature: "invalid", credential };
  }
}

export async function verifyJson(db: DbOrTx, publicUrl: string, document: Json): Promise<Verdict> {
  const { proof, ...credential } = document;
  if (!isRecord(proof) || proof.cryptosuite !== "eddsa-jcs-2022" || typeof proof.proofValue !== "string")
    return { format: "json", signature: "invalid", credential };
  const key = await ourKey(db, publicUrl, proof.verificationMethod);
  if (!key) return { format: "json", signature: "unknown_issuer", credential };
  const { proofValue, ...options } = proof;
  const signature = proofValue.startsWith("z") ? unbase58(proofValue.slice(1)) : null;
  let ok = false;
  try {
    ok =
      signature !== null &&
      verify(
        null,
        proofInput(credential, { ...options, "@context": credential["@context"] }),
        key,
        signature,
      );
  } catch {
    ok = false; // a signature of the wrong length: simply not valid
  }
  return { format: "json", signature: ok ? "valid" : "invalid", credential };
}
