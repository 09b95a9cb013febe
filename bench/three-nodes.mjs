// BENCH_ONLY=three-nodes: the mixed workload on three nodes behind a round-robin proxy, beside the
// same workload on one node (issue 22: the product scales out on one PostgreSQL). The bench's own
// server is node 1 (with the embedded PostgreSQL); nodes 2 and 3 are the same bundle on that
// database, with the same JWT secret and their own data folders. The proxy streams like nginx.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort, root, waitForUrl } from "../scripts/lib.mjs";

/** Pool size of each node in the three-node run (three nodes share one server's max_connections). */
export const threeNodePoolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);

/**
 * Starts nodes 2 and 3 beside the running bench server, whose DATA_DIR is `dataDir`, and a proxy
 * in front of all three. Returns the proxy's URL and a function that stops it all.
 */
export async function startThreeNodes({ bundle, dataDir, firstUrl, env }) {
  // The embedded PostgreSQL's port is the fourth line of its postmaster.pid.
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    .trim();
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/aprendo`;
  const jwtSecret = readFileSync(path.join(dataDir, "jwt-secret"), "utf8").trim();
  const nodes = [];
  const folders = [];
  for (let i = 0; i < 2; i++) {
    const nodePort = await freePort();
    const folder = mkdtempSync(path.join(os.tmpdir(), "aprendo-bench-node-"));
    folders.push(folder);
    nodes.push({
      url: `http://127.0.0.1:${nodePort}`,
      child: spawn(process.execPath, [bundle], {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
        env: {
          ...env,
          PORT: String(nodePort),
          DATA_DIR: folder,
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_SIZE: String(threeNodePoolSize),
          JWT_SECRET: jwtSecret,
          // The first node seeded and migrated; these find the data there.
          SEED_DEMO: "false",
        },
      }),
    });
  }
  await Promise.all(nodes.map((node) => waitForUrl(`${node.url}/api/ready`)));

  const upstreams = [firstUrl, ...nodes.map((node) => node.url)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const proxy = http.createServer((request, response) => {
    const target = new URL(request.url, upstreams[next++ % upstreams.length]);
    const upstream = http.request(
      target,
      { method: request.method, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(error.message);
    });
    request.pipe(upstream);
  });
  const proxyPort = await freePort();
  await new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${proxyPort}`,
    /** Nodes 2 and 3, whose CPU the bench adds to node 1's. */
    pids: nodes.map((node) => node.child.pid),
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      agent.destroy();
      await Promise.all(
        nodes.map(
          (node) =>
            new Promise((resolve) => {
              node.child.once("exit", resolve);
              node.child.kill("SIGTERM");
            }),
        ),
      );
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
