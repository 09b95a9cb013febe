/**
 * Verifying a credential sent by anyone: its signature's verdict (a JWT, a JSON credential, or a
 * baked PNG badge) joined with our record's status when the signature is ours.
 */
import type { CredentialVerification, credentialVerifyInput } from "@aprendo/contract";
import type { z } from "zod";
import * as certs from "../certificates/certificates.service";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { unbake } from "./badge-image.service";
import { type Verdict, verifyJson, verifyJwt } from "./credential.service";

/** What a verifier sees: the signature's verdict joined with our record's status. */
async function present(db: Db, verdict: Verdict, lang: "en" | "es"): Promise<CredentialVerification> {
  const c = verdict.credential;
  const id = typeof c?.id === "string" ? c.id : "";
  const code = /\/certificates\/verify\/([A-Z0-9]{8,32})$/.exec(id)?.[1] ?? null;
  // Only a credential whose signature is ours is looked up: an altered one proves nothing.
  const row = verdict.signature === "valid" && code ? await certs.certificateWithLearner(db, { code }) : null;
  const subject = (c?.credentialSubject ?? null) as Record<string, unknown> | null;
  const achievement = (subject?.achievement ?? null) as Record<string, unknown> | null;
  const issuer = (c?.issuer ?? null) as Record<string, unknown> | null;
  const nameIdentity = Array.isArray(subject?.identifier)
    ? (subject.identifier as Array<Record<string, unknown>>).find((i) => i?.identityType === "name")
    : undefined;
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 500) : null);
  return {
    format: verdict.format,
    signature: verdict.signature,
    status: !row ? "unknown" : row.cert.revokedAt ? "revoked" : row.cert.suspendedAt ? "suspended" : "valid",
    code,
    issuer:
      issuer && typeof issuer.id === "string"
        ? { id: issuer.id.slice(0, 500), name: str(issuer.name) ?? "" }
        : typeof c?.issuer === "string"
          ? { id: c.issuer.slice(0, 500), name: "" }
          : null,
    learner_name: row ? certs.learnerName(row) : str(nameIdentity?.identityHash),
    achievement: row ? (lang === "es" ? row.cert.itemTitleEs : row.cert.itemTitleEn) : str(achievement?.name),
    kind: row?.cert.kind ?? null,
    valid_from: str(c?.validFrom),
    revoked_at: row?.cert.revokedAt?.toISOString() ?? null,
    suspended_at: row?.cert.suspendedAt?.toISOString() ?? null,
  };
}

/** The text inside whatever was sent: a JWT, a JSON credential (object or text), or a baked PNG. */
async function verifyAny(db: Db, publicUrl: string, input: z.infer<typeof credentialVerifyInput>) {
  let text: string | null = input.jwt ?? null;
  if (input.credential) return verifyJson(db, publicUrl, input.credential);
  if (!text && input.png) {
    text = unbake(Buffer.from(input.png.replace(/^data:[^,]*,/, ""), "base64"));
    if (text === null) throw new AppError("validation", "credentials.noBakedCredential");
  }
  text = text?.trim() ?? "";
  if (!text) throw new AppError("validation", "credentials.nothingToVerify");
  if (text.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { format: "json", signature: "invalid", credential: null } satisfies Verdict;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return { format: "json", signature: "invalid", credential: null } satisfies Verdict;
    return verifyJson(db, publicUrl, parsed as Record<string, unknown>);
  }
  return verifyJwt(db, publicUrl, text);
}

export async function verifyCredential(
  db: Db,
  publicUrl: string,
  input: z.infer<typeof credentialVerifyInput>,
  lang: "en" | "es",
): Promise<CredentialVerification> {
  return present(db, await verifyAny(db, publicUrl, input), lang);
}

export async function verifyCredentialJwt(
  db: Db,
  publicUrl: string,
  jwt: string,
  lang: "en" | "es",
): Promise<CredentialVerification> {
  return present(db, await verifyJwt(db, publicUrl, jwt), lang);
}
