/**
 * The bench harness's server (dist/bench-server.js, started by bench/run.mjs): the product exactly as
 * main.ts runs it, plus the bench-only routes under /bench (growing the database, learners with
 * sessions, statement costs). Its own bundle: dist/server.js never contains these routes. It refuses
 * to run anywhere but a local demo on the loopback interface.
 */
import { registerBenchRoutes } from "./bench/bench.routes";
import { ConfigError, isLoopbackHost, loadConfig } from "./config/config";
import { exitWithStartError, listen, startRuntime, stopOnSignals } from "./runtime";

async function main() {
  const config = loadConfig();
  if (config.mode !== "demo" || !isLoopbackHost(config.host))
    throw new ConfigError(
      `the bench server runs only as a local demo on the loopback interface (mode ${config.mode}, HOST=${config.host}).`,
    );
  const runtime = await startRuntime(config);
  await registerBenchRoutes(runtime.app);
  await listen(runtime, config);
  console.log(`bench server listening on http://${config.host}:${config.port} (bench routes under /bench)`);
  stopOnSignals(runtime);
}

main().catch(exitWithStartError);
