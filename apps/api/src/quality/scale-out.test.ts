/**
 * Scale-out (issue 12, point 6): two API processes on one PostgreSQL behind a small round-robin
 * load balancer. Nothing a user relies on may live in one process's memory: a session started on
 * one node is refreshed on the other, and a notification written by one node reaches an event
 * stream held open by the other.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { NotificationType } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { bothLanguages, notify } from "../notifications/notifications.service";

let nodes: TestApp[] = [];
let balancer: http.Server;
let base = "";
/** Which node served each request through the balancer, in order. */
const servedBy: number[] = [];

/** Strict round robin, so the test knows which node answers which request; responses stream. */
function startBalancer(ports: number[]) {
  let next = 0;
  const server = http.createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % ports.length;
    servedBy.push(index);
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: ports[index],
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, { ...response.headers, "x-served-by": String(index) });
        response.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  return new Promise<http.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  const first = await createTestApp();
  nodes = [first, await createSiblingApp(first)];
  const ports: number[] = [];
  for (const node of nodes) {
    await node.app.listen({ port: 0, host: "127.0.0.1" });
    ports.push((node.app.server.address() as AddressInfo).port);
  }
  balancer = await startBalancer(ports);
  base = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  balancer.closeAllConnections();
  await new Promise((resolve) => balancer.close(resolve));
  // The sibling first: the first node's close also removes the shared folder.
  for (const node of [...nodes].reverse()) await node.close();
});

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/api${path}`, init);
  return { response, node: Number(response.headers.get("x-served-by")) };
}

describe("two API processes behind a load balancer", () => {
  it("refreshes on one node a session started on the other", async () => {
    const learner = await buildLearner(nodes[0]!);
    servedBy.length = 0;
    const login = await send("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: learner.username, password: learner.password }),
    });
    expect(login.response.status).toBe(200);
    const cookie = login.response.headers.getSetCookie().find((c) => c.startsWith("refresh_token="));
    expect(cookie).toBeDefined();

    const refresh = await send("/auth/refresh", {
      method: "POST",
      headers: { cookie: cookie!.split(";")[0]! },
    });
    expect(refresh.response.status).toBe(200);
    expect(refresh.node).not.toBe(login.node);
    const { access_token } = (await refresh.response.json()) as { access_token: string };

    // The new token opens the learner's account on whichever node answers next.
    const me = await send("/auth/me", { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.response.status).toBe(200);
    expect(me.node).toBe(login.node);
    expect(((await me.response.json()) as { username: string }).username).toBe(learner.username);
  });

  it("delivers a notification written by one node to a stream held open by the other", async () => {
    const learner = await buildLearner(nodes[0]!);
    // Ask for the ticket until the stream request itself will land on node 1.
    let ticket = "";
    let ticketNode = -1;
    while (ticketNode !== 0) {
      const answer = await send("/notifications/stream-ticket", { method: "POST", headers: learner.auth });
      expect(answer.response.status).toBe(200);
      ticket = ((await answer.response.json()) as { ticket: string }).ticket;
      ticketNode = answer.node;
    }

    const stream = await fetch(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("x-served-by")).toBe("1");
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: string[] = [];
    const until = async (name: string) => {
      let buffer = "";
      const deadline = Date.now() + 10_000;
      while (!events.includes(name)) {
        if (Date.now() > deadline) throw new Error(`no ${name} event; got ${events.join(", ")}`);
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += value;
        for (const block of buffer.split("\n\n").slice(0, -1)) {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push(event);
        }
        buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
      }
    };
    await until("ready");

    // Node 0 writes the notification; node 1 holds the stream.
    await notify(
      { db: nodes[0]!.deps.db },
      {
        userId: learner.id,
        type: NotificationType.supportTicket,
        title: bothLanguages("Across nodes"),
        description: bothLanguages("Delivered by LISTEN/NOTIFY"),
        action: { redirect: { id: 1 } },
      },
    );
    await until("notification");
    await reader.cancel();
    expect(events).toEqual(["ready", "notification"]);
  });
});
