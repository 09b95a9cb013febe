// Bundles the API into dist/server.js (one file, npm packages stay external) so `npm start` runs
// plain JavaScript on Node 24. Migrations are read from apps/api/drizzle at run time.
// Beside it: dist/cli.js (db:migrate, db:seed, admin:create without tsx, e.g. in a container) and
// dist/bench-server.js, the bench harness's server: the product plus the bench-only routes, in its
// own bundle so server.js never contains them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

// API_OUTFILE: a private bundle (e.g. dist-quiz/server.js) so parallel builds cannot swap one
// mid-benchmark; the other bundles go to the same folder.
const outfile = process.env.API_OUTFILE ?? "dist/server.js";
const outdir = path.dirname(outfile);
const entryPoints = {
  [path.basename(outfile, ".js")]: "src/main.ts",
  cli: "src/cli.ts",
  "bench-server": "src/bench-server.ts",
};

await build({
  entryPoints,
  outdir,
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
console.log(
  `api: built ${Object.keys(entryPoints)
    .map((name) => path.join(outdir, `${name}.js`))
    .join(", ")}`,
);
