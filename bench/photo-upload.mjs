// `npx node bench/photo-upload.mjs <server bundle>`: one 12-megapixel JPEG uploaded as a profile
// photo to a real server process (demo mode, its own embedded PostgreSQL in a temporary folder);
// prints the server's CPU time (all its threads) and peak memory for that upload (Linux: /proc).
// PHOTO=<file> uploads your own picture; FULL=1 NOISE=90 makes one with detail over the whole frame.
// Figures: docs/performance.md, "Profile photo upload".
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { root, waitForUrl } from "../scripts/lib.mjs";

const sharp = createRequire(path.join(root, "apps/api/package.json"))("sharp");
const bundle = process.argv[2] ?? "apps/api/dist/server.js";
const detailed = Boolean(process.env.FULL);
const photoFile =
  process.env.PHOTO ?? path.join(os.tmpdir(), `aprendo-photo-12mp${detailed ? "-detailed" : ""}.jpg`);

/** A 4,000 x 3,000 white frame with a noisy "face" (or noise everywhere), made once and kept. */
async function makePhoto() {
  const width = 4000;
  const height = 3000;
  const amplitude = Number(process.env.NOISE ?? 40);
  const raw = Buffer.alloc(width * height * 3, 255);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const [top, bottom, left, right] = detailed ? [0, height, 0, width] : [600, 2700, 1200, 2800];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      const i = (y * width + x) * 3;
      const n = random() * amplitude;
      raw[i] = 150 + n;
      raw[i + 1] = 110 + n;
      raw[i + 2] = 90 + n;
    }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  writeFileSync(photoFile, jpeg);
  return jpeg;
}

let photo;
try {
  photo = readFileSync(photoFile);
} catch {
  photo = await makePhoto();
}

const port = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "aprendo-photo-"));
const server = spawn(process.execPath, [bundle], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    APP_MODE: "demo",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMITS: "off",
  },
});
const base = `http://127.0.0.1:${port}`;
/** utime + stime of the server process, every thread included (clock ticks of 10 ms). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const memoryMb = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]) /
  1024;

try {
  await waitForUrl(`${base}/api/ready`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "ana", password: "Learner-Pass1" }),
  }).then((res) => res.json());
  // The peak resident size from here on ("5": reset VmHWM to the current size).
  writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
  const before = { rss: memoryMb("VmRSS"), cpu: cpuMs(), at: Date.now() };
  const form = new FormData();
  form.append("file", new Blob([photo], { type: "image/jpeg" }), "me.jpg");
  const res = await fetch(`${base}/api/iu/profile/photo`, {
    method: "POST",
    headers: { authorization: `Bearer ${login.access_token}` },
    body: form,
  });
  const answer = await res.json();
  console.log(
    JSON.stringify({
      bundle,
      photoBytes: photo.length,
      status: res.status,
      message: answer.message,
      wallMs: Date.now() - before.at,
      serverCpuMs: cpuMs() - before.cpu,
      rssBeforeMb: Math.round(before.rss),
      peakRssMb: Math.round(memoryMb("VmHWM")),
      loadAverage: os.loadavg()[0].toFixed(1),
    }),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
