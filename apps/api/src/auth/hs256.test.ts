import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signAccessToken, verifyAccessToken } from "./access-token";
import { signHs256, verifyHs256 } from "./hs256";

const secret = "a-test-secret-a-test-secret-a-test-secret";
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const joseSign = (header: { alg: string; crit?: string[] }, claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader(header as never)
    .setSubject("7")
    .setExpirationTime("15m")
    .sign(new TextEncoder().encode(secret));

describe("HS256 tokens", () => {
  it("verify what they sign, and tokens signed by jose (the standard), with the claims", async () => {
    const sessionId = "0b5c2f4e-8d1a-4c3b-9e7f-1a2b3c4d5e6f";
    const token = await signAccessToken(secret, { userId: 42, roleId: 3, sessionId });
    expect(verifyAccessToken(secret, token)).toEqual({ userId: 42, roleId: 3, sessionId });
    const odd = await signAccessToken(secret, { userId: 42, roleId: 3, sessionId: "family-1" });
    expect(verifyAccessToken(secret, odd)?.sessionId).toBeUndefined();
    expect(verifyHs256(secret, await joseSign({ alg: "HS256" }, { typ: "access" }), "access")).toMatchObject({
      sub: "7",
      typ: "access",
    });
  });

  it("refuse expired, early, forged, tampered, unsigned, other-algorithm and other-type tokens", async () => {
    const now = Date.now();
    const { token } = signHs256(secret, { sub: "7", typ: "access" }, 60, now);
    expect(verifyHs256(secret, token, "access", now)).not.toBeNull();
    expect(verifyHs256(secret, token, "access", now + 60_000)).toBeNull();
    expect(verifyHs256("another-secret-another-secret-another", token, "access", now)).toBeNull();
    expect(verifyHs256(secret, token, "media", now)).toBeNull();
    const [header, , signature] = token.split(".");
    const tampered = `${header}.${b64({ sub: "1", typ: "access", exp: 9e9 })}.${signature}`;
    expect(verifyHs256(secret, tampered, "access")).toBeNull();
    expect(
      verifyHs256(secret, `${b64({ alg: "none" })}.${b64({ sub: "7", typ: "access", exp: 9e9 })}.`, "access"),
    ).toBeNull();
    expect(verifyHs256(secret, await joseSign({ alg: "HS512" }, { typ: "access" }), "access")).toBeNull();
    const future = Math.floor(now / 1000) + 60;
    expect(
      verifyHs256(secret, await joseSign({ alg: "HS256" }, { typ: "access", nbf: future }), "access"),
    ).toBeNull();
    for (const junk of ["", "a.b", "a.b.c", "not.a.jwt", `${header}..`])
      expect(verifyHs256(secret, junk, "access")).toBeNull();
  });
});
