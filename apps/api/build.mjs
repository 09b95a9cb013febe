// Bundles the API into dist/server.js (one file, npm packages stay external) so `npm start` runs
// plain JavaScript on Node 24. Migrations are read from apps/api/drizzle at run time.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  // API_OUTFILE: a private bundle (e.g. dist-quiz/server.js) so parallel builds cannot swap one mid-benchmark.
  outfile: process.env.API_OUTFILE ?? "dist/server.js",
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  packages: "external",
  // The contract package is TypeScript source in this repository: bundle it in, keep npm packages external.
  plugins: [
    {
      name: "bundle-contract",
      setup(b) {
        b.onResolve({ filter: /^@aprendo\/contract$/ }, () => ({
          path: fileURLToPath(new URL("../../packages/contract/src/index.ts", import.meta.url)),
        }));
      },
    },
  ],
  sourcemap: true,
  logLevel: "warning",
});
console.log(`api: built ${process.env.API_OUTFILE ?? "dist/server.js"}`);
