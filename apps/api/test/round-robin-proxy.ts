/**
 * A small reverse proxy for scale-out tests, doing what nginx does in front of several nodes: each
 * request goes to the next node in turn, bodies stream both ways as they arrive (uploads, Range
 * downloads, server-sent events: nothing is buffered). A request may name its node with
 * `x-test-node: <index>` so a test can say "upload on node 1, read on node 2" and still pass here.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = {
  url: string;
  /** Which node answered each request, in order (an index into the upstreams). */
  served: number[];
  close: () => Promise<void>;
};

export const NODE_HEADER = "x-test-node";

export async function startRoundRobinProxy(upstreams: string[], port = 0): Promise<RoundRobinProxy> {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((request, response) => {
    const pinned = request.headers[NODE_HEADER];
    const index = pinned === undefined ? next++ % upstreams.length : Number(pinned);
    served.push(index);
    const target = new URL(request.url ?? "/", upstreams[index]);
    const headers: http.OutgoingHttpHeaders = {
      ...request.headers,
      "x-forwarded-for": request.socket.remoteAddress ?? "",
    };
    delete headers[NODE_HEADER];
    const upstream = http.request(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      // Event streams must reach the client as each event is written.
      response.flushHeaders();
      answer.pipe(response);
    });
    upstream.on("error", (error) => {
      // A node that is down answers 502, as nginx would; the test sees the status, not a hang.
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`upstream ${index} failed: ${error.message}`);
    });
    // The client going away (an SSE reader closing) ends the upstream request too.
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
