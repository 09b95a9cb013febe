// `npm run bench`: starts the built server on a fresh, seeded embedded database, drives each
// scenario with autocannon over loopback (100 connections), and prints req/s, p50/p95/p99 latency
// and the p95 ratio to the baseline scenario measured in the same run. Figures are reported, not asserted.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, root, waitForUrl } from "../scripts/lib.mjs";
import { scenarios } from "./scenarios.mjs";
import { startThreeNodes, threeNodePoolSize } from "./three-nodes.mjs";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_ONLY: name filters separated by commas (the baseline always runs first).
const only = process.env.BENCH_ONLY?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
// The bench server: the product plus the bench-only routes under /bench (apps/api/src/bench-server.ts),
// a bundle of its own so the product's dist/server.js has none of them.
// BENCH_BUNDLE: another bench bundle (a private copy, so a parallel build cannot swap it mid-run).
const bundle = process.env.BENCH_BUNDLE ?? "apps/api/dist/bench-server.js";

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "aprendo-bench-"));
const base = `http://127.0.0.1:${port}`;
// BENCH_NODE_ARGS: flags for the server's Node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const serverEnv = {
  ...process.env,
  // A local demo (seeded, on loopback) built as for production (NODE_ENV: the strict headers).
  APP_MODE: "demo",
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  RATE_LIMITS: "off",
  // BENCH_PG_STATS=on: after each scenario, the statements that cost PostgreSQL most.
  PG_STAT_STATEMENTS: process.env.BENCH_PG_STATS === "on" ? "on" : "off",
};
const server = spawn(process.execPath, [...nodeArgs, bundle], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: serverEnv,
});
const stop = () => {
  server.kill("SIGTERM");
};

/**
 * CPU time (ms) used so far by the server (`node`) and by its children, the embedded PostgreSQL and
 * its backends (`pg`), from /proc (Linux only; null elsewhere). Divided by the requests of a scenario
 * it gives the CPU cost of one request, which other work on the machine barely changes (latency it does).
 */
function serverCpuMs(otherNodes = []) {
  try {
    const parent = new Map();
    const cpu = new Map();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        parent.set(Number(entry), Number(fields[1]));
        // utime + stime, and cutime + cstime: the CPU of children it has reaped (PostgreSQL
        // backends that ended during the run, whose own entries are gone).
        cpu.set(
          Number(entry),
          [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0),
        );
      } catch {
        // the process ended meanwhile
      }
    }
    let pg = 0;
    for (const [pid, used] of cpu) {
      if (pid === server.pid) continue;
      for (let p = pid; p > 1; p = parent.get(p) ?? 0)
        if (p === server.pid) {
          pg += used;
          break;
        }
    }
    // Clock ticks are 1/100 s on Linux. The server's own reaped children are PostgreSQL's root
    // process only (at exit), so its utime + stime alone is the server.
    // The three-node run's other nodes (children of this script, not of the server) count as node.
    let node = 0;
    for (const pid of [server.pid, ...otherNodes]) {
      const own = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ownFields = own.slice(own.lastIndexOf(")") + 2).split(" ");
      node += Number(ownFields[11]) + Number(ownFields[12]);
    }
    return { node: node * 10, pg: pg * 10 };
  } catch {
    return null;
  }
}

// BENCH_DRAIN_SECONDS: how long to wait, after a scenario's load, for the work its requests left
// for jobs (default 180 s).
const drainLimitMs = Number(process.env.BENCH_DRAIN_SECONDS ?? 180) * 1000;

/** The work the server still owes (bench route /bench/pending); null for a build without the route. */
async function pendingWork() {
  const res = await fetch(`${base}/bench/pending`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`bench: /bench/pending answered ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Waits until the work left for jobs (paid-order notices to tell, jobs due) is done, polling five
 * times a second (each poll two small statements, a rounding error beside the work it waits for),
 * at most BENCH_DRAIN_SECONDS. Answers what was pending when it started, what is left and how long
 * it took; null when the server cannot say (an older build).
 */
async function waitForDeferredWork() {
  const started = Date.now();
  const first = await pendingWork();
  if (first === null) return null;
  let last = first;
  while (last.pending > 0 && Date.now() - started < drainLimitMs) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await pendingWork();
  }
  return { atEnd: first, left: last.pending, seconds: (Date.now() - started) / 1000 };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(scenario, headers, url = base, otherNodes = []) {
  const latencies = [];
  // The window starts with nothing owed (the setup's or the previous scenario's jobs done), so what
  // is drained after it is this scenario's. (Before autocannon: it starts when created.)
  await waitForDeferredWork();
  const instance = autocannon({
    url,
    connections,
    duration,
    requests: scenario.requests ?? [
      { method: scenario.method ?? "GET", path: scenario.path, headers, body: scenario.body },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const cpuBefore = serverCpuMs(otherNodes);
  const result = await instance;
  const cpuAfter = serverCpuMs(otherNodes);
  // Work the requests left for jobs is part of their cost: the CPU until it is done is counted too.
  const deferred = await waitForDeferredWork();
  const cpuDrained = serverCpuMs(otherNodes);
  latencies.sort((a, b) => a - b);
  const perRequest = (after) =>
    cpuBefore !== null && after !== null && latencies.length > 0
      ? {
          node: (after.node - cpuBefore.node) / latencies.length,
          pg: (after.pg - cpuBefore.pg) / latencies.length,
        }
      : null;
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
    // Which failures: timeouts under load read very differently from 429s or 5xx.
    errorKinds: [
      result.timeouts ? `${result.timeouts} timeouts` : "",
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith("2"))
        .map(([status, stats]) => `${stats.count}× ${status}`),
    ]
      .filter(Boolean)
      .join(", "),
    cpuPerRequest: perRequest(cpuAfter),
    // With the work left for jobs, when there was some at the window's end.
    deferred:
      deferred && deferred.atEnd.pending > 0 ? { ...deferred, cpuPerRequest: perRequest(cpuDrained) } : null,
  };
}

/** "cpu 1.23 ms/req (node 0.45, pg 0.78)" */
const cpuText = (cpu, label = "node") =>
  `cpu ${(cpu.node + cpu.pg).toFixed(2)} ms/req (${label} ${cpu.node.toFixed(2)}, pg ${cpu.pg.toFixed(2)})`;

/** The deferred work's line under a scenario: what was owed at the window's end and the CPU with it. */
function deferredText(r) {
  const d = r.deferred;
  if (!d) return "";
  const owed = `${d.atEnd.paid_notices} paid-order notices and ${d.atEnd.jobs} jobs owed at the end`;
  const done =
    d.left > 0
      ? `${d.left} still owed after ${d.seconds.toFixed(0)} s (BENCH_DRAIN_SECONDS)`
      : `done in ${d.seconds.toFixed(1)} s`;
  return `\n${"".padEnd(72)}with the work left for jobs: ${d.cpuPerRequest ? cpuText(d.cpuPerRequest) : "cpu unknown"}; ${owed}, ${done}`;
}

/**
 * BENCH_SCALE: `full` (default) grows the demo database to the sizes the budgets are set for
 * (10,000 learners, 50 titles, 2,000 lectures, 1 million notifications) with a history of orders and
 * quiz attempts; `off` keeps the demo data.
 */
function postWithoutTimeout(url, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { "content-type": "application/json" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode, text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

async function scaleUp() {
  if (process.env.BENCH_SCALE === "off") return "demo data only";
  const started = Date.now();
  // Over node:http, which waits as long as it takes: fetch gives up after 300 s without an answer,
  // and on a busy 2-core machine growing the database took longer than that.
  // BENCH_SCALE=light: a tenth of the notifications and catalogue, 3,000 learners (quicker to grow on
  // a busy machine; for comparing two builds' statements, not for the budgets' figures).
  const light = process.env.BENCH_SCALE === "light";
  const { status, text } = await postWithoutTimeout(`${base}/bench/scale`, {
    learners: light ? 3_000 : 10_000,
    titles: 50,
    lectures_per_title: 40,
    notifications: light ? 100_000 : 1_000_000,
    orders_per_learner: 2,
    quiz_attempts_per_learner: 5,
    catalogue_titles: light ? 200 : 2_000,
    reviews_per_catalogue_title: 5,
  });
  if (status !== 200) throw new Error(`bench: scaling the database answered ${status} ${text}`);
  const sizes = JSON.parse(text);
  return `${sizes.learners} learners, ${sizes.titles} titles, ${sizes.reviews} reviews, ${sizes.lectures} lectures, ${sizes.enrolments} enrolments, ${sizes.notifications} notifications, ${sizes.orders} orders, ${sizes.quiz_attempts} quiz attempts (grown in ${((Date.now() - started) / 1000).toFixed(0)} s)`;
}

/**
 * The costliest statements since the previous call (BENCH_PG_STATS=on; BENCH_PG_TOP of them, default
 * 6, at most 50), then the count restarts.
 */
async function printStatements(print = true) {
  const res = await fetch(`${base}/bench/statements`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ top: Math.min(50, Number(process.env.BENCH_PG_TOP ?? 6)) }),
  });
  if (!res.ok || !print) return;
  for (const s of (await res.json()).statements)
    console.log(
      `    ${String(s.calls).padStart(7)} calls ${String(s.ms_per_call).padStart(7)} ms each  ${s.statement}`,
    );
}

/**
 * BENCH_ONLY=three-nodes: the mixed workload on this node alone, then through a round-robin proxy
 * in front of it and two more nodes on the same database (bench/three-nodes.mjs). The CPU per
 * request counts all three nodes (node) and PostgreSQL (pg); the proxy, in this script, is not counted.
 */
async function threeNodes() {
  const mixedScenario = scenarios.find((s) => s.name.startsWith("mixed:"));
  const headers = await mixedScenario.setup(base);
  const one = await measure(mixedScenario, headers);
  const cluster = await startThreeNodes({ bundle, dataDir, firstUrl: base, env: serverEnv });
  let three;
  try {
    three = await measure(mixedScenario, headers, cluster.url, cluster.pids);
  } finally {
    await cluster.stop();
  }
  const cpu = (r) => (r.cpuPerRequest ? `  ${cpuText(r.cpuPerRequest, "nodes")}` : "");
  const line = (label, r) =>
    `${label.padEnd(70)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${cpu(r)}${r.errors ? `  (${r.errors} errors/non-2xx: ${r.errorKinds})` : ""}`;
  console.log(line("three-nodes: mixed on one node (pool 20)", one));
  console.log(
    line(
      `three-nodes: mixed on three nodes behind a proxy (pools 20 + ${threeNodePoolSize} + ${threeNodePoolSize})`,
      three,
    ),
  );
  console.log(
    `three-nodes: ${(three.rps / (one.rps || 1)).toFixed(2)}x one node's throughput on ${os.cpus().length} cores`,
  );
}

try {
  // Starting (migrations on a fresh database) took over two minutes on a loaded 2-core machine.
  await waitForUrl(`${base}/api/ready`, 600_000);
  console.log(`\ndata: ${await scaleUp()}`);
  console.log(
    `\nbench: ${connections} connections, ${duration} s each, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown cpu"})\n`,
  );
  const rows = [];
  for (const scenario of scenarios) {
    if (only?.length && rows.length > 0 && !only.some((o) => scenario.name.includes(o))) continue;
    let r;
    try {
      const headers = scenario.setup ? await scenario.setup(base) : {};
      if (process.env.BENCH_PG_STATS === "on") await printStatements(false);
      r = await measure(scenario, headers);
    } catch (error) {
      console.log(`${scenario.name.padEnd(70)} failed: ${error.message}`);
      continue;
    }
    rows.push({ name: scenario.name, ...r });
    if (process.env.BENCH_PG_STATS === "on") await printStatements();
    const base95 = rows[0].p95 || 1;
    console.log(
      `${scenario.name.padEnd(70)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  x${(r.p95 / base95).toFixed(2)} baseline p95${r.cpuPerRequest !== null ? `  ${cpuText(r.cpuPerRequest)}` : ""}${r.errors ? `  (${r.errors} errors/non-2xx: ${r.errorKinds})` : ""}${deferredText(r)}`,
    );
  }
  if (only?.includes("three-nodes")) await threeNodes();
  console.log("");
} finally {
  stop();
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
