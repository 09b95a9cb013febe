/**
 * Rotating JWT_SECRET across nodes: a node started with the new JWT_SECRET and the old one as
 * JWT_SECRET_PREVIOUS accepts the access tokens the other nodes signed before the rotation, and
 * signs only with the new one; once JWT_SECRET_PREVIOUS is dropped, old tokens are refused.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { loadConfig } from "../config/config";

let old: TestApp;
const nodes: TestApp[] = [];
const newSecret = randomBytes(32).toString("hex");

/** Another node on the same database with other secrets. */
async function nodeWith(secrets: { jwtSecret: string; jwtSecretPrevious: string | undefined }) {
  const node = await createSiblingApp({ ...old, config: { ...old.config, ...secrets } });
  nodes.push(node);
  return node;
}

const me = (node: TestApp, auth: Record<string, string>) =>
  node.app.inject({ method: "GET", url: "/api/auth/me", headers: auth });

beforeAll(async () => {
  old = await createTestApp();
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await old?.close();
});

describe("JWT secret rotation", () => {
  it("accepts tokens of the previous secret during the rotation window, and only then", async () => {
    const learner = await buildLearner(old);
    const rotating = await nodeWith({ jwtSecret: newSecret, jwtSecretPrevious: old.config.jwtSecret });
    const rotated = await nodeWith({ jwtSecret: newSecret, jwtSecretPrevious: undefined });

    expect((await me(old, learner.auth)).statusCode).toBe(200);
    expect((await me(rotating, learner.auth)).statusCode).toBe(200);
    expect((await me(rotated, learner.auth)).statusCode).toBe(401);
  });

  it("refuses JWT_SECRET_PREVIOUS without JWT_SECRET (a node must never make its own secret)", () => {
    expect(() =>
      loadConfig({ APP_MODE: "demo", DATA_DIR: "/nonexistent", JWT_SECRET_PREVIOUS: "x".repeat(32) }),
    ).toThrow("JWT_SECRET_PREVIOUS is set without JWT_SECRET");
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/aprendo" })).toThrow("JWT_SECRET is required");
  });
});
