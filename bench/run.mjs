// `npm run bench`: starts the built server on a fresh, seeded embedded database, drives each
// scenario with autocannon over loopback (100 connections), and prints req/s, p50/p95/p99 latency
// and the p95 ratio to the baseline scenario measured in the same run. Figures are reported, not asserted.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, root, waitForUrl } from "../scripts/lib.mjs";
import { scenarios } from "./scenarios.mjs";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY;

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "aprendo-bench-"));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["apps/api/dist/server.js"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    OUTBOX_API: "on",
    RATE_LIMITS: "off",
  },
});
const stop = () => {
  server.kill("SIGTERM");
};

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(scenario, headers) {
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: scenario.requests ?? [
      { method: scenario.method ?? "GET", path: scenario.path, headers, body: scenario.body },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
  };
}

try {
  await waitForUrl(`${base}/api/ready`);
  console.log(
    `\nbench: ${connections} connections, ${duration} s each, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown cpu"})\n`,
  );
  const rows = [];
  for (const scenario of scenarios) {
    if (only && rows.length > 0 && !scenario.name.includes(only)) continue;
    let r;
    try {
      const headers = scenario.setup ? await scenario.setup(base) : {};
      r = await measure(scenario, headers);
    } catch (error) {
      console.log(`${scenario.name.padEnd(70)} failed: ${error.message}`);
      continue;
    }
    rows.push({ name: scenario.name, ...r });
    const base95 = rows[0].p95 || 1;
    console.log(
      `${scenario.name.padEnd(70)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  x${(r.p95 / base95).toFixed(2)} baseline p95${r.errors ? `  (${r.errors} errors/non-2xx)` : ""}`,
    );
  }
  console.log("");
} finally {
  stop();
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
