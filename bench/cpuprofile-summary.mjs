// Summarises V8 CPU profiles (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"`): self time by
// function and by file, largest first, so two builds' profiles can be compared line by line.
// Usage: node bench/cpuprofile-summary.mjs DIR_OR_FILE [top=25] [requests: also per request]
// [from: a function name; only samples from the first one with it on the stack, e.g. "checkout",
// leaving out the start and the data growing before the scenario].
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const [target, topArg = "25", perArg, from] = process.argv.slice(2);
if (!target) {
  console.error("usage: node bench/cpuprofile-summary.mjs DIR_OR_FILE [top] [requests] [from]");
  process.exit(1);
}
const top = Number(topArg);
const requests = perArg ? Number(perArg) : null;
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(target, f))
  : [target];

const byFunction = new Map();
const byFile = new Map();
let totalUs = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
// node_modules/<pkg> (or node:internal, the bundle) is the file a reader acts on.
const fileOf = (url) => {
  if (!url) return "(native / V8)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return `node_modules/${rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return url.replace(/^file:\/\//, "");
};

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const onStack = (id, name) => {
    for (let n = id; n !== undefined; n = parent.get(n))
      if (nodes.get(n).callFrame.functionName === name) return true;
    return false;
  };
  const self = new Map();
  let started = !from;
  // timeDeltas[i] is the time before samples[i]: the sample's node ran for it.
  profile.samples.forEach((id, i) => {
    started ||= onStack(id, from);
    if (started) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  for (const [id, us] of self) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === "(idle)" || callFrame.functionName === "(program)") continue;
    totalUs += us;
    const where = `${fileOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
    add(byFunction, `${callFrame.functionName || "(anonymous)"}  ${where}`, us);
    add(byFile, fileOf(callFrame.url), us);
  }
}

const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const ms = us / 1000;
    const per = requests ? `  ${(ms / requests).toFixed(4).padStart(8)} ms/req` : "";
    console.log(
      `${ms.toFixed(0).padStart(8)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)}%${per}  ${key}`,
    );
  }
};
console.log(
  `${files.length} profile(s), ${(totalUs / 1000).toFixed(0)} ms busy (idle and (program) left out)`,
);
show("self time by file", byFile);
show("self time by function", byFunction);
