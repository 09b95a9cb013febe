/**
 * The one place that reads the environment. Every setting is validated here, so a bad value ends
 * the start with one clear line instead of a stack trace somewhere later.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65_535);

const envSchema = z.object({
  APP_MODE: z.enum(["demo", "production"]).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  // Its default depends on the mode (see listenHost).
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  PUBLIC_URL: z.url().optional(),
  // More addresses the app is served on (a `www.` name, a second domain): comma-separated origins.
  ALLOWED_ORIGINS: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  // During a rotation: the secret being replaced, still accepted for verification (never for signing).
  JWT_SECRET_PREVIOUS: z.string().min(32).optional(),
  // Encrypts the credential signing keys stored in the database; JWT_SECRET when unset.
  CREDENTIALS_SECRET: z.string().min(32).optional(),
  BRAND_NAME: z.string().min(1).max(40).default("Aprendo"),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default("Aprendo <no-reply@aprendo.local>"),
  // How long one delivery attempt waits for the SMTP server (connection, greeting, each answer).
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  SMS_PROVIDER: z.enum(["none", "twilio"]).default("none"),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC followed by 32 hexadecimal digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  // A sender number in E.164 (+447700900123) or a Messaging Service SID (MG…).
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      "must be a number like +447700900123 or a Messaging Service SID (MG…)",
    )
    .optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twilio.com"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  // MinIO and most self-hosted S3 servers need path-style addresses (endpoint/bucket/key).
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  // How long a stopping node lets requests in flight finish (runtime.ts stopOnSignals).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  // Bearer token for GET /metrics; unset: the demo serves it to this machine only, production not at all.
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Default by mode: true in the demo, false in production.
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  JOBS: z.enum(["on", "off"]).default("on"),
  OUTBOX_API: z.enum(["on", "off"]).optional(),
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  // Addresses or CIDR ranges (a school's NAT address) whose requests skip the rate limits.
  RATE_LIMIT_ALLOW: z.string().optional(),
  TRUST_PROXY: z.string().trim().min(1).default("loopback, linklocal, uniquelocal"),
  // Read where it is used (commerce/expiry.ts); checked here so a bad value stops the start.
  PENDING_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).optional(),
  // Days an outbox row keeps its body (links and codes); then only who, when and the subject stay.
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(7),
  // The ffmpeg that transcodes videos to HLS (media/ffmpeg.ts); `none` turns transcoding off.
  FFMPEG_PATH: z.string().trim().min(1).optional(),
});

export type AppMode = "demo" | "production";

export type Config = {
  /**
   * demo: a local try-out (loopback only by default, demo accounts, the development outbox);
   * production: a deployment (no demo data unless SEED_DEMO=true, no /api/dev route at all).
   */
  mode: AppMode;
  /** Why this mode was chosen, in a few words for the start banner ("DATABASE_URL is set"). */
  modeReason: string;
  /** Lines to show loudly at start: settings that are risky or ignored in this mode. */
  warnings: string[];
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL itself when DATABASE_URL goes through PgBouncer: migrations and the demo seed take
   * session-level advisory locks, which transaction pooling cannot keep (db/migrate.ts).
   */
  databaseDirectUrl: string | undefined;
  /** Connections the API keeps to PostgreSQL (pg-boss keeps its own few). */
  databasePoolSize: number;
  publicUrl: string;
  /**
   * The origins the web app may be opened on (payments/origins.ts): PUBLIC_URL's, ALLOWED_ORIGINS and,
   * in demo mode, the loopback names of PORT. The sandbox card form posts its token to one of them only.
   */
  allowedOrigins: string[];
  jwtSecret: string;
  /** The secret a rotation replaces: tokens it signed still verify until they expire (auth/tokens). */
  jwtSecretPrevious: string | undefined;
  /** Secrets that may have encrypted the credential signing keys, the one to encrypt with first. */
  credentialSecrets: string[];
  brandName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smtpTimeoutSeconds: number;
  /**
   * Where SMS go. none: in demo mode the outbox stands in for phones; in production phone codes go
   * to the account's email instead (mail/outbox.ts) and the registration form says so.
   */
  sms:
    | { provider: "none" }
    | { provider: "twilio"; accountSid: string; authToken: string; from: string; apiUrl: string };
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  storage:
    | { driver: "local"; dir: string }
    | { driver: "s3"; bucket: string; region: string; endpoint?: string; forcePathStyle: boolean };
  /** Seconds a stopping node gives requests in flight before it cuts them. */
  shutdownGraceSeconds: number;
  logLevel: string;
  /** The bearer token GET /metrics asks for (http/metrics.ts). */
  metricsToken: string | undefined;
  seedDemo: boolean;
  jobs: boolean;
  /** FFMPEG_PATH: unset finds one (npm package, then PATH); `none`: uploads stay MP4 only. */
  ffmpegPath: string | undefined;
  /** Whether GET /api/dev/outbox lists sent mail and SMS to loopback clients: demo mode only, always. */
  outboxApi: boolean;
  /** Off only for load and browser test runs, where one address sends every request. */
  rateLimits: boolean;
  /** RATE_LIMIT_ALLOW's addresses and CIDR ranges (http/rate-limit-store.ts allowListOf). */
  rateLimitAllow: string[];
  /** The proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or Fastify's names). */
  trustProxy: string;
  /** Days before a sent mail's or SMS's body is erased from the outbox (mail/outbox-retention.ts). */
  outboxRetentionDays: number;
};

/** A configuration problem, told in one line that says what to do. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(
      `Invalid configuration: ${issue.path.join(".")} ${describe(issue.message)}. See docs/configuration.md.`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const { mode, reason: modeReason } = guessMode(e);
  const production = mode === "production";
  const warnings: string[] = [];
  const seedDemo = e.SEED_DEMO ? e.SEED_DEMO === "true" : !production;
  if (production && seedDemo)
    warnings.push(
      "SEED_DEMO=true in production: an empty database gets the demo accounts, whose passwords are published in the README. Use it only for a throwaway staging copy.",
    );
  // A setting never opens in production what exists for development: OUTBOX_API=on is ignored there.
  if (production && e.OUTBOX_API === "on")
    warnings.push("OUTBOX_API=on is ignored in production: the outbox API exists only in demo mode.");
  // A secret generated into DATA_DIR differs per node and per volume: a deployment must name its own.
  if (production && !e.JWT_SECRET)
    throw new ConfigError(
      `JWT_SECRET is required in production mode (${modeReason}): at least 32 random characters, the same on every node. For a local demo, unset the deployment settings or set APP_MODE=demo.`,
    );
  // A demo on a shared PostgreSQL may have several nodes: each would generate its own secret.
  if (!production && e.DATABASE_URL && !e.JWT_SECRET)
    warnings.push(
      "APP_MODE=demo with DATABASE_URL and no JWT_SECRET: this node keeps its own generated secret in DATA_DIR, so other nodes on the same database refuse its tokens. Set the same JWT_SECRET on every node.",
    );
  const host = e.HOST ?? (production ? "0.0.0.0" : "127.0.0.1");
  if (!production && !isLoopbackHost(host))
    warnings.push(
      `APP_MODE=demo with HOST=${host}: the demo (published passwords) is reachable from other machines; the outbox still answers only this machine.`,
    );
  if (e.SMS_PROVIDER === "twilio" && (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM))
    throw new ConfigError(
      "Invalid configuration: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.",
    );
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL)
    throw new ConfigError("Invalid configuration: DATABASE_DIRECT_URL is set without DATABASE_URL.");
  if (e.DATABASE_URL && /[?&]pgbouncer=true(&|$)/.test(e.DATABASE_URL) && !e.DATABASE_DIRECT_URL)
    warnings.push(
      "DATABASE_URL goes through PgBouncer (?pgbouncer=true) and DATABASE_DIRECT_URL is not set: the start-time migrations and demo seed take their lock through the pooler, which transaction mode cannot hold. Set DATABASE_DIRECT_URL to PostgreSQL itself.",
    );
  if (e.JWT_SECRET_PREVIOUS && !e.JWT_SECRET)
    throw new ConfigError("Invalid configuration: JWT_SECRET_PREVIOUS is set without JWT_SECRET.");
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_PUBLISHABLE_KEY === undefined)) {
    throw new ConfigError(
      "Invalid configuration: set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither.",
    );
  }
  if (e.STORAGE_DRIVER === "s3" && (!e.S3_BUCKET || !e.S3_REGION)) {
    throw new ConfigError("Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET and S3_REGION.");
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    mode,
    modeReason,
    warnings,
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    allowedOrigins: allowedOrigins(publicUrl, e.ALLOWED_ORIGINS, production ? null : e.PORT),
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS,
    credentialSecrets: [
      e.CREDENTIALS_SECRET,
      e.JWT_SECRET ?? persistentSecret(dataDir),
      e.JWT_SECRET_PREVIOUS,
    ].filter((secret): secret is string => secret !== undefined),
    brandName: e.BRAND_NAME,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smtpTimeoutSeconds: e.SMTP_TIMEOUT_SECONDS,
    sms:
      e.SMS_PROVIDER === "twilio"
        ? {
            provider: "twilio",
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_FROM!,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ""),
          }
        : { provider: "none" },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    storage:
      e.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION!,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          }
        : { driver: "local", dir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "uploads")) },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    seedDemo,
    jobs: e.JOBS === "on",
    ffmpegPath: e.FFMPEG_PATH,
    outboxApi: !production && e.OUTBOX_API !== "off",
    rateLimits: e.RATE_LIMITS === "on",
    rateLimitAllow: addressList(e.RATE_LIMIT_ALLOW),
    trustProxy: e.TRUST_PROXY,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
  };
}

/**
 * PUBLIC_URL's origin, each of ALLOWED_ORIGINS (an origin only: scheme, host and port, no path) and,
 * given the demo's port, `localhost`, `127.0.0.1` and `[::1]` on it (a demo is opened by any of them).
 */
function allowedOrigins(publicUrl: string, extra: string | undefined, demoPort: number | null): string[] {
  const origins = [new URL(publicUrl).origin];
  for (const item of (extra ?? "").split(",").map((s) => s.trim())) {
    if (!item) continue;
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ""))
      throw new ConfigError(
        `Invalid configuration: ALLOWED_ORIGINS must list origins like https://www.example.com (scheme, host and port only), not "${item}". See docs/configuration.md.`,
      );
    origins.push(url.origin);
  }
  if (demoPort !== null)
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) origins.push(`http://${host}:${demoPort}`);
  return [...new Set(origins)];
}

/** RATE_LIMIT_ALLOW: IPv4 or IPv6 addresses and CIDR ranges, comma-separated. */
function addressList(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const version = isIP(address ?? "");
    const max = version === 6 ? 128 : 32;
    if (
      !version ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))
    )
      throw new ConfigError(
        `Invalid configuration: RATE_LIMIT_ALLOW must list addresses or CIDR ranges like 203.0.113.7,198.51.100.0/24, not "${entry}". See docs/configuration.md.`,
      );
  }
  return entries;
}

/** Risky or ignored settings (Config.warnings), loud enough to be seen above the start banner. */
export function printWarnings(warnings: readonly string[]) {
  for (const warning of warnings) console.warn(`\n  !!! WARNING: ${warning}`);
  if (warnings.length > 0) console.warn("");
}

/** HOST values that keep the server on this machine's loopback interface (the only ones the demo guesses for). */
export function isLoopbackHost(host: string): boolean {
  return ["127.0.0.1", "::1", "localhost"].includes(host.toLowerCase());
}

type ModeSettings = Pick<
  z.infer<typeof envSchema>,
  "APP_MODE" | "PUBLIC_URL" | "DATABASE_URL" | "HOST" | "NODE_ENV"
>;

/**
 * APP_MODE when set; otherwise anything that looks like a deployment is production, so a server
 * someone forgot to configure fails closed (no demo accounts, no development routes). `npm start`
 * sets APP_MODE=demo itself only when none of these is set (scripts/start.mjs).
 */
export function guessMode(e: ModeSettings): { mode: AppMode; reason: string } {
  if (e.APP_MODE) return { mode: e.APP_MODE, reason: `APP_MODE=${e.APP_MODE}` };
  if (e.PUBLIC_URL) return { mode: "production", reason: "PUBLIC_URL is set" };
  if (e.DATABASE_URL) return { mode: "production", reason: "DATABASE_URL is set" };
  if (e.HOST && !isLoopbackHost(e.HOST))
    return { mode: "production", reason: `HOST=${e.HOST} is not the loopback address` };
  if (e.NODE_ENV === "production") return { mode: "production", reason: "NODE_ENV=production" };
  return { mode: "demo", reason: "no deployment setting" };
}

function describe(message: string): string {
  return message.startsWith("validation.") ? "is not valid" : message.toLowerCase().replace(/\.$/, "");
}

/** JWT_SECRET when none is configured: generated once and kept in the data folder. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  try {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    throw new ConfigError(
      `Cannot write to the data folder ${dataDir} (${(error as NodeJS.ErrnoException).code}). Set DATA_DIR to a folder you can write to.`,
    );
  }
}
