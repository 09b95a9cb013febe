import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { messages } from "../../packages/contract/src/i18n/index";

// The contract's modules only declare schemas and constants; importing the contract's index for one
// constant (the dashboard's goal limits, the catalogue's sorts) built every schema of every feature
// with zod and loaded the whole message catalogue on the first page. Declared free of side effects,
// a page gets only the modules it uses. The index keeps its side effect: it installs zod's error map
// (schemas/zod-config.ts), which every form's messages rely on.
const contractSource = `${path.resolve(import.meta.dirname, "../../packages/contract/src")}${path.sep}`;
const contractSideEffects = new Set(["index.ts", `schemas${path.sep}zod-config.ts`]);

// The web app loads the contract's catalogue in the page's language only (src/i18n/index.ts imports
// `@aprendo/contract/i18n/en` or `/es`). Built from the source, either module would bring every
// feature's message file, each holding both languages (107 kB). Built, each language is a chunk of
// its own: the module's value, computed here, as JSON (JSON.parse reads a large object faster than
// the same object written as JavaScript). Tests and the dev server use the modules as they are.
const catalogueModules = new Map<string, "en" | "es">([
  [`${contractSource}i18n${path.sep}en.ts`, "en"],
  [`${contractSource}i18n${path.sep}es.ts`, "es"],
]);
const catalogueAsJson: Plugin = {
  name: "contract-catalogue-as-json",
  apply: "build",
  enforce: "pre",
  load(id) {
    const language = catalogueModules.get(id);
    if (!language) return null;
    return `export const catalogue = JSON.parse(${JSON.stringify(JSON.stringify(messages[language]))});`;
  },
};

// The dev server proxies /api to the API started by `npm run dev` (scripts/dev.mjs sets API_PORT).
const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogueAsJson],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // The icons several pages share (the navigation's, the buttons') came as one file each: 93 files
      // of a few hundred bytes, 60 of them requested one after another by the first page. One chunk
      // of the shared icons instead; an icon used by one page stays inside that page's chunk. The
      // chunk holds lucide's icon builder too: left in the UI primitives' chunk, which imports icons
      // itself, the two chunks imported each other and an icon was built before React was there.
      output: {
        codeSplitting: {
          groups: [
            {
              name: "icons",
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id) =>
          id.startsWith(contractSource)
            ? contractSideEffects.has(id.slice(contractSource.length))
            : undefined,
      },
    },
  },
});
