// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload; Vite proxies /api.
import { spawn } from "node:child_process";
import { root } from "./lib.mjs";

const apiPort = process.env.API_PORT ?? "3001";
const webPort = process.env.PORT ?? "3000";
const env = { ...process.env, NODE_ENV: "development", API_PORT: apiPort, WEB_PORT: webPort };
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/api/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}` },
  }),
  spawn("npx", ["vite", "--host", "--strictPort"], { cwd: `${root}/apps/web`, stdio: "inherit", env }),
];
console.log(`\n  Development: open http://localhost:${webPort} (API on ${apiPort}, proxied under /api)\n`);
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && process.exit(code));
