/**
 * Failure: the database goes away in the middle of traffic and comes back.
 * The API reaches PostgreSQL through a TCP relay that the test can cut, which looks to the server
 * exactly like a database restart: open connections reset, new ones refused, then accepted again.
 * Requests made meanwhile must fail cleanly (503 with a translated message, no hang, no crash) and
 * the server must recover by itself, including the LISTEN connection behind live notifications.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import { NotificationType } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildLearner } from "../../test/factories";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { bothLanguages, notify } from "../notifications/notifications.service";

/**
 * A TCP relay in front of PostgreSQL that can be taken down and brought back on the same port.
 * Down, it refuses new connections; `down({ countAttempts: true })` instead accepts and drops each
 * one at once (still a failed connection to the client), counting them, so a test can wait for a
 * reconnection attempt rather than for a guessed time.
 */
function databaseRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let attempts = 0;
  const listen = (handler: (client: net.Socket) => void) =>
    new Promise<void>((resolve) => {
      server = net.createServer(handler);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server?.listening) server.close(() => resolve());
      else resolve();
    });
  const up = async () => {
    await close();
    await listen((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
  };
  const down = async (options: { countAttempts?: boolean } = {}) => {
    await close();
    attempts = 0;
    if (options.countAttempts)
      await listen((client) => {
        attempts += 1;
        client.destroy();
      });
  };
  return { up, down, port: () => port, attempts: () => attempts };
}

let first: TestApp;
let node: TestApp;
let relay: ReturnType<typeof databaseRelay>;
let learner: BuiltUser;

beforeAll(async () => {
  first = await createTestApp();
  const direct = new URL(first.databaseUrl);
  relay = databaseRelay({ host: direct.hostname, port: Number(direct.port) });
  await relay.up();
  const relayed = new URL(first.databaseUrl);
  relayed.port = String(relay.port());
  node = await createSiblingApp({ ...first, databaseUrl: relayed.toString() });
  learner = await buildLearner(first);
});

afterAll(async () => {
  await node.close();
  await relay.down();
  await first.close();
});

const me = () =>
  node.app.inject({
    method: "GET",
    url: "/api/auth/me",
    headers: { ...learner.auth, "accept-language": "es" },
  });

describe("a database restart in the middle of traffic", () => {
  it("answers 503 with a translated message while it is down and recovers by itself", async () => {
    // Warm the pool so there are open connections to lose.
    const warm = await Promise.all(Array.from({ length: 8 }, me));
    expect(warm.map((r) => r.statusCode)).toEqual(Array(8).fill(200));

    await relay.down();
    const during = await Promise.all(Array.from({ length: 20 }, me));
    for (const response of during) {
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/no está disponible/);
    }
    const ready = await node.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);

    await relay.up();
    await expect.poll(async () => (await me()).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
    const after = await Promise.all(Array.from({ length: 20 }, me));
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await node.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });

  it("re-establishes live notifications for streams that stayed open", async () => {
    await node.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`;
    const ticket = await node.app.inject({
      method: "POST",
      url: "/api/notifications/stream-ticket",
      headers: learner.auth,
    });
    const stream = await fetch(`${base}/api/notifications/stream?ticket=${ticket.json().ticket}`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const waitFor = async (event: string) => {
      while (!received.includes(`event: ${event}`)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${event}`);
        received += value;
      }
    };
    await waitFor("ready");

    // Down until the listener's first reconnection attempt has failed, so it has to keep trying.
    await relay.down({ countAttempts: true });
    await expect.poll(() => relay.attempts(), { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
    await relay.up();

    // The notification is written straight to the database (as another node would) until it arrives.
    const send = () =>
      notify(
        { db: first.deps.db },
        {
          userId: learner.id,
          type: NotificationType.supportTicket,
          title: bothLanguages("After the restart"),
          description: bothLanguages("Still delivered"),
          action: { redirect: { id: 1 } },
        },
      );
    const deadline = Date.now() + 10_000;
    const arrived = waitFor("notification");
    while (!received.includes("event: notification") && Date.now() < deadline) {
      await send();
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 700))]);
    }
    await reader.cancel();
    expect(received).toContain("event: notification");
  });
});
