import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = mkdtempSync(path.join(tmpdir(), "aprendo-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** loadConfig with only the given settings (and a data folder for the generated secret). */
const secret = "s".repeat(32);
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, ...env });

describe("choosing the mode", () => {
  it.each([
    [{}, "demo", "no deployment setting"],
    [{ HOST: "127.0.0.1" }, "demo", "no deployment setting"],
    [{ HOST: "::1" }, "demo", "no deployment setting"],
    [{ HOST: "localhost" }, "demo", "no deployment setting"],
    [{ NODE_ENV: "development" }, "demo", "no deployment setting"],
    [{ NODE_ENV: "test" }, "demo", "no deployment setting"],
    [{ PUBLIC_URL: "https://learn.example.com" }, "production", "PUBLIC_URL is set"],
    [{ DATABASE_URL: "postgres://u:p@db:5432/aprendo" }, "production", "DATABASE_URL is set"],
    [{ HOST: "0.0.0.0" }, "production", "HOST=0.0.0.0 is not the loopback address"],
    [{ HOST: "::" }, "production", "HOST=:: is not the loopback address"],
    // Another loopback-range address is not the loopback address the demo is meant for.
    [{ HOST: "127.0.0.2" }, "production", "HOST=127.0.0.2 is not the loopback address"],
    [{ NODE_ENV: "production" }, "production", "NODE_ENV=production"],
    [{ APP_MODE: "production" }, "production", "APP_MODE=production"],
    [
      { APP_MODE: "demo", PUBLIC_URL: "https://learn.example.com", NODE_ENV: "production" },
      "demo",
      "APP_MODE=demo",
    ],
    [{ APP_MODE: "production", HOST: "127.0.0.1" }, "production", "APP_MODE=production"],
  ])("%j is %s", (env, mode, reason) => {
    const config = load(env);
    expect(config.mode).toBe(mode);
    expect(config.modeReason).toBe(reason);
  });

  it("refuses an unknown APP_MODE with one line naming it", () => {
    expect(() => load({ APP_MODE: "staging" })).toThrow(ConfigError);
    expect(() => load({ APP_MODE: "staging" })).toThrow(/APP_MODE/);
  });
});

describe("what each mode opens", () => {
  it("the demo listens on 127.0.0.1, seeds the demo accounts and keeps the outbox API", () => {
    expect(load({})).toMatchObject({ host: "127.0.0.1", seedDemo: true, outboxApi: true, warnings: [] });
  });

  it("production listens on every interface by default, with no demo data and no outbox API", () => {
    expect(load({ DATABASE_URL: "postgres://u:p@db:5432/aprendo" })).toMatchObject({
      host: "0.0.0.0",
      seedDemo: false,
      outboxApi: false,
      warnings: [],
    });
    expect(load({ APP_MODE: "production", HOST: "10.0.0.4" }).host).toBe("10.0.0.4");
  });

  it("production refuses to start without JWT_SECRET (a generated one would differ per node)", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u:p@db:5432/aprendo" })).toThrow(
      /^JWT_SECRET is required in production mode \(DATABASE_URL is set\)/,
    );
    // The demo generates one into the data folder.
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("OUTBOX_API=on cannot open the outbox in production, and says it is ignored", () => {
    const config = load({ NODE_ENV: "production", OUTBOX_API: "on" });
    expect(config.outboxApi).toBe(false);
    expect(config.warnings).toEqual([expect.stringMatching(/OUTBOX_API=on is ignored in production/)]);
  });

  it("OUTBOX_API=off closes the outbox in the demo too", () => {
    expect(load({ OUTBOX_API: "off" }).outboxApi).toBe(false);
  });

  it("SEED_DEMO=true in production seeds, with a loud warning; SEED_DEMO=false keeps the demo empty", () => {
    const production = load({ APP_MODE: "production", SEED_DEMO: "true" });
    expect(production.seedDemo).toBe(true);
    expect(production.warnings).toEqual([expect.stringMatching(/^SEED_DEMO=true in production/)]);
    expect(load({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("warns when a demo is opened to the network with APP_MODE=demo", () => {
    const config = load({ APP_MODE: "demo", HOST: "0.0.0.0" });
    expect(config).toMatchObject({ mode: "demo", host: "0.0.0.0", outboxApi: true });
    expect(config.warnings).toEqual([expect.stringMatching(/reachable from other machines/)]);
  });
});

describe("messaging and secrets for several nodes", () => {
  const sid = `AC${"0a".repeat(16)}`;

  it("reads the Twilio settings, and refuses SMS_PROVIDER=twilio without them", () => {
    expect(load({}).sms).toEqual({ provider: "none" });
    expect(
      load({
        SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: "+447700900123",
      }).sms,
    ).toEqual({
      provider: "twilio",
      accountSid: sid,
      authToken: "token",
      from: "+447700900123",
      apiUrl: "https://api.twilio.com",
    });
    expect(() => load({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: sid })).toThrow(
      /SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM/,
    );
    expect(() => load({ TWILIO_FROM: "07700 900123" })).toThrow(/TWILIO_FROM/);
  });

  it("warns a demo on a shared database without JWT_SECRET that its secret is its own", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_MODE: "demo",
      DATABASE_URL: "postgres://u:p@db:5432/aprendo",
    });
    expect(config.warnings).toEqual([
      expect.stringMatching(/no JWT_SECRET: this node keeps its own generated secret/),
    ]);
  });
});
