// `npm start`: build what is missing or out of date, then run the product on one port.
import { buildIsStale, root, run } from "./lib.mjs";

if (buildIsStale()) {
  console.log("Building the web app and the API (first start, or sources changed)...");
  const code = await run("npm", ["run", "build", "--silent"]);
  if (code !== 0) {
    console.error("\n  Cannot start: the build failed (see above).\n");
    process.exit(1);
  }
}

// With no deployment setting, `npm start` is the local demo (loopback only, demo accounts, outbox).
// The API guesses production from NODE_ENV=production among other settings (config.ts, guessMode),
// and this script sets NODE_ENV=production itself (the strict Content Security Policy of the built
// app), so it says "demo" first: only when the user set none of what the API would read as a
// deployment. Any of them, or an explicit APP_MODE, leaves the choice to the API.
const { APP_MODE, PUBLIC_URL, DATABASE_URL, HOST, NODE_ENV } = process.env;
const loopbackHost = HOST === undefined || ["127.0.0.1", "::1", "localhost"].includes(HOST.toLowerCase());
if (!APP_MODE && !PUBLIC_URL && !DATABASE_URL && loopbackHost && !NODE_ENV) process.env.APP_MODE = "demo";
process.env.NODE_ENV ??= "production";
process.chdir(root);
await import("../apps/api/dist/server.js");
