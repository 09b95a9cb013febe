// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload; Vite proxies /api.
import { spawn } from "node:child_process";
import { root } from "./lib.mjs";

const apiPort = process.env.API_PORT ?? "3001";
const webPort = process.env.PORT ?? "3000";
// Development is the demo mode (demo data, the outbox) unless APP_MODE says otherwise: PUBLIC_URL,
// set below for the mails' links, would otherwise make the API guess production.
const env = {
  ...process.env,
  NODE_ENV: "development",
  APP_MODE: process.env.APP_MODE ?? "demo",
  API_PORT: apiPort,
  WEB_PORT: webPort,
};
// Vite listens on localhost only, as the API does, unless HOST opens both up. Vite proxies /api from
// its own loopback connection, so a Vite reachable from the network would hand the outbox to anyone:
// then the outbox is closed (read mail in the API's log instead).
const viteHost = process.env.HOST ? ["--host", process.env.HOST] : [];
if (process.env.HOST && !["127.0.0.1", "::1", "localhost"].includes(process.env.HOST.toLowerCase())) {
  env.OUTBOX_API = "off";
  console.log(
    `\n  HOST=${process.env.HOST}: the development outbox API is off (Vite would pass it on to the network).`,
  );
}
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/api/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}` },
  }),
  spawn("npx", ["vite", ...viteHost, "--strictPort"], { cwd: `${root}/apps/web`, stdio: "inherit", env }),
];
console.log(`\n  Development: open http://localhost:${webPort} (API on ${apiPort}, proxied under /api)\n`);
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && process.exit(code));
