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
process.env.NODE_ENV ??= "production";
// A local demo has no mail server: unless SMTP_URL or PUBLIC_URL says this is a real deployment,
// the development outbox (GET /api/dev/outbox) stays readable so sign-up links can be followed.
if (!process.env.SMTP_URL && !process.env.PUBLIC_URL) process.env.OUTBOX_API ??= "on";
process.chdir(root);
await import("../apps/api/dist/server.js");
