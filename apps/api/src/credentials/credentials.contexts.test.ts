/**
 * The JSON-LD contexts our credentials name are shipped and used from the repository. A
 * verifier that processes the credential as JSON-LD (jsonld.js in safe mode, which fails on any term
 * a context does not define instead of silently dropping it) expands it with the local loader only.
 */
import { generateKeyPairSync } from "node:crypto";
import jsonld from "jsonld";
import { describe, expect, it } from "vitest";
import { CONTEXTS, localDocumentLoader, OB_V3_CONTEXT, VC_V2_CONTEXT } from "./contexts";
import { buildCredential, type CredentialSource, issuerProfile, withProof } from "./credential.service";

const settings = {
  publicUrl: "https://aprendo.example",
  brandName: "Aprendo",
  credentialSecrets: ["a-secret-long-enough-for-the-salt-0123456789"],
};
const source: CredentialSource = {
  id: 7,
  code: "ABCDEFGHJKLMNPQR",
  kind: "module",
  courseId: 2,
  itemId: 5,
  itemTitleEn: "Greetings",
  itemTitleEs: "Saludos",
  issuedAt: new Date("2026-03-05T10:00:00.000Z"),
  firstName: "Ana",
  lastName: "Real",
  username: "ana",
  email: "ana@example.com",
};
const { privateKey } = generateKeyPairSync("ed25519");
const key = { kid: "k1", privateKey, publicJwk: { kty: "OKP", crv: "Ed25519", x: "" } };
const expand = (document: unknown) =>
  jsonld.expand(document, { documentLoader: localDocumentLoader, safe: true });

describe("the shipped JSON-LD contexts", () => {
  it("are the two the credential names, VC 2.0 first", () => {
    expect(buildCredential(source, "en", settings)["@context"]).toEqual([VC_V2_CONTEXT, OB_V3_CONTEXT]);
    expect(CONTEXTS).toEqual([
      "https://www.w3.org/ns/credentials/v2",
      "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
    ]);
  });

  it("define every term of the signed credential (both languages) and of the issuer profile", async () => {
    for (const lang of ["en", "es"] as const) {
      const signed = withProof(buildCredential(source, lang, settings), key, settings.publicUrl);
      const [expanded] = await expand(signed);
      const text = JSON.stringify(expanded);
      // A few of the terms, to show the expansion really went through both contexts.
      expect(text).toContain("https://purl.imsglobal.org/spec/vc/ob/vocab.html#OpenBadgeCredential");
      expect(text).toContain("https://purl.imsglobal.org/spec/vc/ob/vocab.html#identityHash");
      expect(text).toContain("https://www.w3.org/ns/credentials/status#BitstringStatusListEntry");
      expect(text).toContain("https://w3id.org/security#proof");
    }
    // A learner registered by phone: no hashed address, the name alone.
    await expand(
      withProof(buildCredential({ ...source, email: null }, "en", settings), key, settings.publicUrl),
    );
    await expand({ "@context": CONTEXTS, ...issuerProfile(settings) });
  });

  it("make an undefined term fail the expansion (the check above bites)", async () => {
    const credential = buildCredential(source, "en", settings);
    await expect(expand({ ...credential, notAnOpenBadgesTerm: "x" })).rejects.toThrow();
  });

  it("are never fetched: the loader answers only from the repository's files", async () => {
    const v2 = await localDocumentLoader(VC_V2_CONTEXT);
    expect(v2.documentUrl).toBe(VC_V2_CONTEXT);
    expect(v2.document).toMatchObject({ "@context": { "@protected": true } });
    await expect(localDocumentLoader("https://www.w3.org/2018/credentials/v1")).rejects.toThrow(
      /not shipped with the platform/,
    );
    await expect(
      expand({ "@context": "https://example.com/other-context.jsonld", name: "x" }),
    ).rejects.toThrow();
  });
});
