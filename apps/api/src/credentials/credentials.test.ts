/**
 * Every certificate is an Open Badges 3.0 credential that an independent library
 * (did-jwt, resolving our did:web document) verifies; tampering, revocation, suspension, key
 * rotation, the baked PNG, the verification endpoint and the opt-in public page.
 */
import { gunzipSync } from "node:zlib";
import { verifyJWT } from "did-jwt";
import { type DIDResolutionResult, Resolver } from "did-resolver";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { completeTitle, verifyProfile } from "../certificates/certificates.fixtures";
import { auditLog, users } from "../db/schema/index";
import { BAKING_KEYWORD, unbake } from "./badge-image.service";
import { issuerDid } from "./credential.service";
import { rotateSigningKey, signingKey } from "./keys";

let t: TestApp;
let resolver: Resolver;
beforeAll(async () => {
  t = await createTestApp();
  // did:web resolution as any verifier does it (GET https://<host>/.well-known/did.json), served
  // by the app itself instead of the network.
  resolver = new Resolver({
    web: async (did): Promise<DIDResolutionResult> => {
      const res = await t.app.inject({ url: "/.well-known/did.json" });
      const didDocument = res.json();
      if (didDocument.id !== did) throw new Error(`asked for ${did}, served ${didDocument.id}`);
      return {
        didResolutionMetadata: { contentType: "application/did+json" },
        didDocument,
        didDocumentMetadata: {},
      };
    },
  });
});
afterAll(() => t.close());

const did = () => issuerDid(t.deps.config.publicUrl);
const independentVerify = (jwt: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: did-jwt bundles its own did-resolver typings
  verifyJWT(jwt, { resolver: resolver as any, policies: { aud: false } });

/** A learner with a verified profile and one title certificate; answers it and the downloads' path. */
async function earned(firstName = "Ana", lastName = "Real") {
  const me = await buildLearner(t);
  await t.deps.db.update(users).set({ firstName, lastName }).where(eq(users.id, me.id));
  await completeTitle(t, me.id);
  await verifyProfile(t, me.id);
  const cert = (await t.app.inject({ url: "/api/iu/certificates", headers: me.auth })).json().data[0];
  const path = `/api/iu/certificates/${cert.id}`;
  return { me, cert, path };
}
const download = async (auth: Record<string, string>, url: string) => {
  const res = await t.app.inject({ url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const check = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/credentials/verify", payload });

describe("Open Badges 3.0 credentials", () => {
  it("issues a VC-JWT (EdDSA) that did-jwt verifies against our did:web document, with the Open Badges fields", async () => {
    const { me, cert, path } = await earned();
    const jwt = (await download(me.auth, `${path}/credential.jwt`)).body;
    const result = await independentVerify(jwt);
    expect(result.verified).toBe(true);
    expect(result.issuer).toBe(did());
    expect(result.signer.id).toMatch(new RegExp(`^${did()}#`));
    // biome-ignore lint/suspicious/noExplicitAny: a credential's deep fields, asserted one by one
    const vc = result.payload as Record<string, any>;
    expect(vc.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(vc["@context"][0]).toBe("https://www.w3.org/ns/credentials/v2");
    expect(vc.issuer).toMatchObject({ id: did(), type: ["Profile"] });
    expect(vc.validFrom).toBe(cert.issued_at);
    expect(vc.credentialSubject.achievement).toMatchObject({
      type: ["Achievement"],
      name: cert.item,
      criteria: { narrative: expect.any(String) },
      image: { type: "Image" },
    });
    // The learner: the name in clear, the email only as a salted hash.
    const ids = vc.credentialSubject.identifier;
    expect(ids).toContainEqual(expect.objectContaining({ identityType: "name", identityHash: "Ana Real" }));
    expect(ids).toContainEqual(
      expect.objectContaining({
        identityType: "emailAddress",
        hashed: true,
        identityHash: expect.stringMatching(/^sha256\$[0-9a-f]{64}$/),
      }),
    );
    expect(JSON.stringify(vc)).not.toMatch(/[\w.+-]+@[\w-]+\.\w+/);
    expect(vc.credentialStatus.map((s: { statusPurpose: string }) => s.statusPurpose)).toEqual([
      "revocation",
      "suspension",
    ]);
    expect(JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString())).toMatchObject({
      alg: "EdDSA",
    });

    // The JWKS publishes the same key.
    const keys = (await t.app.inject({ url: "/.well-known/jwks.json" })).json().keys;
    expect(keys).toContainEqual(expect.objectContaining({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" }));

    // Our own endpoint agrees, in both languages' words.
    const ours = await check({ jwt });
    expect(ours.json()).toMatchObject({
      signature: "valid",
      status: "valid",
      learner_name: "Ana Real",
      kind: "title",
      code: cert.code,
    });
  });

  it("refuses a credential changed by one character: did-jwt and our endpoint (JWT and JSON proof)", async () => {
    const { me, path } = await earned();
    const jwt = (await download(me.auth, `${path}/credential.jwt`)).body;
    const [head, body, sig] = jwt.split(".") as [string, string, string];
    const payload = Buffer.from(body, "base64url").toString("utf8").replace("Ana Real", "Ana Reel");
    const forged = `${head}.${Buffer.from(payload).toString("base64url")}.${sig}`;
    await expect(independentVerify(forged)).rejects.toThrow(/signature/i);
    expect((await check({ jwt: forged })).json()).toMatchObject({ signature: "invalid", status: "unknown" });

    const json = (await download(me.auth, `${path}/credential.json`)).json();
    expect(json.proof).toMatchObject({ type: "DataIntegrityProof", cryptosuite: "eddsa-jcs-2022" });
    expect((await check({ credential: json })).json()).toMatchObject({ signature: "valid", status: "valid" });
    const altered = structuredClone(json);
    altered.credentialSubject.achievement.name += "!";
    expect((await check({ credential: altered })).json()).toMatchObject({ signature: "invalid" });
    // The file as uploaded (text) is read the same way.
    expect((await check({ jwt: JSON.stringify(json) })).json()).toMatchObject({ signature: "valid" });
  });

  it("bakes the same credential into the PNG badge (iTXt openbadgecredential)", async () => {
    const { me, path } = await earned();
    const jwt = (await download(me.auth, `${path}/credential.jwt`)).body;
    const png = (await download(me.auth, `${path}/badge.png`)).rawPayload;
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.includes(Buffer.from(`iTXt${BAKING_KEYWORD}\0`))).toBe(true);
    expect(unbake(png)).toBe(jwt);
    expect((await check({ png: png.toString("base64") })).json()).toMatchObject({
      signature: "valid",
      status: "valid",
    });
    const plain = await t.app.inject({ url: "/api/credentials/badge.png" });
    const res = await check({ png: plain.rawPayload.toString("base64") });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This image carries no Open Badges credential");
  });

  it("shows a revoked certificate as revoked (with the date) and in the signed status list; suspension is lifted", async () => {
    const { me, cert, path } = await earned();
    const jwt = (await download(me.auth, `${path}/credential.jwt`)).body;
    const admin = await buildAdmin(t, ["isUserManager"]);
    const act = (verb: string, payload?: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/af/certificates/${cert.id}/${verb}`,
        headers: admin.auth,
        ...(payload ? { payload } : {}),
      });

    expect((await act("suspend", { reason: "Under review" })).statusCode).toBe(200);
    expect((await check({ jwt })).json()).toMatchObject({
      signature: "valid",
      status: "suspended",
      suspended_at: expect.any(String),
    });
    // The back office's status filter: a suspended certificate is listed as suspended, not valid.
    const listed = async (status: string) =>
      (
        await t.app.inject({
          url: `/api/af/certificates?q=${cert.code}&status=${status}`,
          headers: admin.auth,
        })
      ).json().data.length;
    expect(await listed("suspended")).toBe(1);
    expect(await listed("valid")).toBe(0);
    expect((await act("reinstate")).statusCode).toBe(200);
    expect(await listed("suspended")).toBe(0);
    expect(await listed("valid")).toBe(1);
    expect((await check({ jwt })).json()).toMatchObject({ status: "valid", suspended_at: null });
    const learnerTry = await t.app.inject({
      method: "POST",
      url: `/api/af/certificates/${cert.id}/suspend`,
      headers: me.auth,
      payload: { reason: "nope" },
    });
    expect(learnerTry.statusCode).toBe(403);

    expect((await act("revoke", { reason: "Issued by mistake" })).statusCode).toBe(200);
    const verdict = (await check({ jwt })).json();
    expect(verdict).toMatchObject({ signature: "valid", status: "revoked" });
    expect(Date.parse(verdict.revoked_at)).toBeGreaterThan(Date.parse(cert.issued_at) - 1);
    expect(
      (
        await t.app.inject({
          url: `/api/credentials/verify?jwt=${jwt}`,
          headers: { "accept-language": "es" },
        })
      ).json(),
    ).toMatchObject({ status: "revoked" });
    expect((await act("suspend", { reason: "late" })).json().message).toBe(
      "This certificate is already suspended or revoked",
    );

    // The Bitstring Status List: signed by us, bit <statusListIndex> set.
    const entry = (await independentVerify(jwt)).payload.credentialStatus[0];
    const list = await t.app.inject({ url: entry.statusListCredential.replace(t.deps.config.publicUrl, "") });
    expect(list.headers["content-type"]).toContain("application/vc+jwt");
    const listVc = await independentVerify(list.body);
    expect(listVc.payload.type).toContain("BitstringStatusListCredential");
    const bits = gunzipSync(Buffer.from(listVc.payload.credentialSubject.encodedList.slice(1), "base64url"));
    expect(bits.length).toBeGreaterThanOrEqual(16_384);
    const index = Number(entry.statusListIndex);
    expect((bits[index >> 3]! >> (7 - (index & 7))) & 1).toBe(1);

    // Audited through the back-office audit (who, what, which certificate).
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "certificates"), eq(auditLog.entityId, String(cert.id))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "certificates.reinstate",
      "certificates.revoke",
      "certificates.suspend",
    ]);
  });

  it("keeps earlier credentials valid after a key rotation, and signs new ones with the new key", async () => {
    const { me, path } = await earned();
    const before = (await download(me.auth, `${path}/credential.jwt`)).body;
    const json = (await download(me.auth, `${path}/credential.json`)).json();
    await rotateSigningKey(t.deps.db, t.deps.config.credentialSecrets);
    const after = (await download(me.auth, `${path}/credential.jwt`)).body;
    expect(after).not.toBe(before);
    const kid = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString()).kid;
    expect(kid(after)).not.toBe(kid(before));
    expect((await independentVerify(before)).verified).toBe(true);
    expect((await independentVerify(after)).verified).toBe(true);
    expect((await check({ jwt: before })).json()).toMatchObject({ signature: "valid" });
    expect((await check({ credential: json })).json()).toMatchObject({ signature: "valid" });
    const doc = (await t.app.inject({ url: "/.well-known/did.json" })).json();
    expect(doc.assertionMethod).toEqual(expect.arrayContaining([kid(before), kid(after)]));
  });

  it("reads the signing key under a rotated secret and stores it under the new one", async () => {
    const old = t.deps.config.credentialSecrets;
    const key = await signingKey(t.deps.db, old);
    const rotated = ["n".repeat(40), ...old];
    expect((await signingKey(t.deps.db, rotated)).kid).toBe(key.kid);
    // The previous secret can now go: the key opens with the new one alone.
    expect((await signingKey(t.deps.db, [rotated[0]!])).kid).toBe(key.kid);
    await expect(signingKey(t.deps.db, ["w".repeat(40)])).rejects.toThrow(/cannot be decrypted/);
    // Back under the app's own secret, for the tests after this one.
    expect((await signingKey(t.deps.db, [old[0]!, rotated[0]!])).kid).toBe(key.kid);
  });

  it("locks the downloads behind the profile and identity gate, and answers garbage with a 4xx or a verdict", async () => {
    const me = await buildLearner(t);
    await completeTitle(t, me.id);
    const cert = (await t.app.inject({ url: "/api/iu/certificates", headers: me.auth })).json().data[0];
    for (const file of ["credential.json", "credential.jwt", "badge.png"]) {
      const res = await t.app.inject({ url: `/api/iu/certificates/${cert.id}/${file}`, headers: me.auth });
      expect(res.statusCode).toBe(403);
    }
    const empty = await check({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(/Send a credential/);
    for (const jwt of ["garbage", "a.b.c", "{not json"])
      expect((await check({ jwt })).json()).toMatchObject({ signature: "invalid", status: "unknown" });
    // Well formed but signed by nobody we know (here: not signed at all).
    expect((await check({ jwt: "eyJhbGciOiJub25lIn0.e30." })).json()).toMatchObject({
      signature: "unknown_issuer",
    });
    const foreign = await check({
      credential: {
        id: "x",
        proof: { cryptosuite: "eddsa-jcs-2022", proofValue: "z1", verificationMethod: "did:web:elsewhere#k" },
      },
    });
    expect(foreign.json()).toMatchObject({ signature: "unknown_issuer" });
    expect((await check({ png: "bm90IGEgcG5n" })).statusCode).toBe(422);
  });

  it("publishes a learner's certificates page only once they turn it on, and never someone else's address", async () => {
    const { me, cert } = await earned("Bea", "Public");
    const other = await buildLearner(t);
    expect((await t.app.inject({ url: "/api/iu/certificates-profile", headers: me.auth })).json()).toEqual({
      handle: null,
      url: null,
    });
    expect((await t.app.inject({ url: "/api/certificates/profiles/bea-public" })).statusCode).toBe(404);
    const on = await t.app.inject({
      method: "PUT",
      url: "/api/iu/certificates-profile",
      headers: me.auth,
      payload: { handle: "Bea-Public" },
    });
    expect(on.json()).toMatchObject({ handle: "bea-public", url: expect.stringMatching(/\/u\/bea-public$/) });
    const page = (await t.app.inject({ url: "/api/certificates/profiles/bea-public" })).json();
    expect(page).toMatchObject({
      name: "Bea Public",
      data: [{ item: cert.item, verify_url: cert.verify_url }],
    });
    const taken = await t.app.inject({
      method: "PUT",
      url: "/api/iu/certificates-profile",
      headers: other.auth,
      payload: { handle: "bea-public" },
    });
    expect(taken.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/iu/certificates-profile",
      headers: other.auth,
      payload: { handle: "-x" },
    });
    expect(bad.statusCode).toBe(422);
    await t.app.inject({ method: "DELETE", url: "/api/iu/certificates-profile", headers: me.auth });
    expect((await t.app.inject({ url: "/api/certificates/profiles/bea-public" })).statusCode).toBe(404);
  });
});
