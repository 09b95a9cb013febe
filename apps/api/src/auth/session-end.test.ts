/**
 * Every event that ends a session makes its access tokens fail on the very next
 * request, on this node and on another node of the same database (nothing held in memory).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createSiblingApp, createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { signAccessToken } from "./access-token";
import { call, latestMessage, linkPathToken, logInAs } from "./auth.testing";

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createSiblingApp(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** What a client observes with this access token on a node: 200 while its session lives, else 401. */
const meStatus = async (node: TestApp, token: string) =>
  (await call(node, "/auth/me", { method: "GET", headers: bearer(token) })).statusCode;

/** A learner logged in twice (two devices): two sessions, each with its access token and cookie. */
async function learnerWithTwoSessions(role: "learner" | "administrator" = "learner") {
  const user = role === "learner" ? await buildLearner(t) : await buildAdmin(t);
  const first = await logInAs(t, user.username, user.password);
  const second = await logInAs(t, user.username, user.password);
  for (const node of [t, other]) {
    expect(await meStatus(node, first.accessToken)).toBe(200);
    expect(await meStatus(node, second.accessToken)).toBe(200);
  }
  return { user, first, second };
}

async function expectRefusedEverywhere(...tokens: string[]) {
  for (const token of tokens) {
    expect(await meStatus(t, token)).toBe(401);
    expect(await meStatus(other, token)).toBe(401);
  }
}

describe("an ended session's access tokens are refused at once, on every node", () => {
  it("logout on one node: the token fails on the other node's very next request", async () => {
    const { first, second } = await learnerWithTwoSessions();
    const out = await call(t, "/auth/logout", { headers: bearer(first.accessToken), cookie: first.refresh });
    expect(out.statusCode).toBe(200);
    const onOtherNode = await call(other, "/auth/me", { method: "GET", headers: bearer(first.accessToken) });
    expect(onOtherNode.statusCode).toBe(401);
    expect(onOtherNode.json()).toEqual({ message: "Please log in to continue" });
    await expectRefusedEverywhere(first.accessToken);
    // The other device's session is not this one: it goes on.
    expect(await meStatus(other, second.accessToken)).toBe(200);
  });

  it("logout with only the access token (no cookie) ends that session too", async () => {
    const { first } = await learnerWithTwoSessions();
    expect((await call(other, "/auth/logout", { headers: bearer(first.accessToken) })).statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken);
    expect((await call(t, "/auth/refresh", { cookie: first.refresh })).statusCode).toBe(401);
  });

  it("password change: every other session ends at once; the one that changed it goes on", async () => {
    const { user, first, second } = await learnerWithTwoSessions();
    const changed = await call(t, "/iu/change-password", {
      method: "PUT",
      headers: bearer(first.accessToken),
      payload: {
        current_password: user.password,
        password: "New-Pass-42",
        password_confirmation: "New-Pass-42",
      },
    });
    expect(changed.statusCode).toBe(200);
    await expectRefusedEverywhere(second.accessToken);
    expect(await meStatus(other, first.accessToken)).toBe(200);
  });

  it("password reset: every session ends at once", async () => {
    const { user, first, second } = await learnerWithTwoSessions();
    await call(t, "/auth/password-reset/request", { payload: { login: user.email } });
    const token = linkPathToken(await latestMessage(t, user.email), "/reset-password/");
    const reset = await call(other, "/auth/password-reset", {
      method: "PUT",
      payload: { token, password: "New-Pass-42", password_confirmation: "New-Pass-42" },
    });
    expect(reset.statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
  });

  it("account deletion: every session ends, and restoring the account does not bring them back", async () => {
    const { user, first, second } = await learnerWithTwoSessions();
    const deleted = await call(t, "/iu/me", {
      method: "DELETE",
      headers: bearer(first.accessToken),
      payload: { feedback: "Leaving for a while, thanks.", username: user.username },
    });
    expect(deleted.statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
    const token = linkPathToken(await latestMessage(t, user.email), "/restore-account/");
    expect((await call(t, "/auth/restore", { payload: { token } })).statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
    // Logging in again is how the owner comes back.
    const again = await logInAs(t, user.username, user.password);
    expect(await meStatus(other, again.accessToken)).toBe(200);
  });

  it("an administrator disabling a learner: sessions end, and enabling the account does not revive them", async () => {
    const manager = await buildAdmin(t, ["isUserManager"]);
    const { user, first, second } = await learnerWithTwoSessions();
    const status = (value: "active" | "disabled") =>
      call(t, `/af/users/${user.id}/status`, {
        method: "PUT",
        headers: manager.auth,
        payload: { status: value },
      });
    expect((await status("disabled")).statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
    expect((await status("active")).statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
  });

  it("an administrator deleting a learner: sessions end, and undoing it by enabling does not revive them", async () => {
    const deleter = await buildAdmin(t, ["isAbleToDeleteUsers", "isUserManager"]);
    const { user, first, second } = await learnerWithTwoSessions();
    expect(
      (await call(t, `/af/users/${user.id}`, { method: "DELETE", headers: deleter.auth })).statusCode,
    ).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
    const enabled = await call(t, `/af/users/${user.id}/status`, {
      method: "PUT",
      headers: deleter.auth,
      payload: { status: "active" },
    });
    expect(enabled.statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
  });

  it("a head administrator disabling an administrator: sessions end, and enabling does not revive them", async () => {
    const head = await buildHeadAdmin(t);
    const { user, first, second } = await learnerWithTwoSessions("administrator");
    const act = (action: "disable" | "enable") =>
      call(t, `/ha/administrator-users/${user.id}/${action}`, { headers: head.auth });
    expect((await act("disable")).statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
    expect((await act("enable")).statusCode).toBe(200);
    await expectRefusedEverywhere(first.accessToken, second.accessToken);
  });

  it("refresh-token reuse: the copied family's newest access token is refused at once", async () => {
    const { first, second } = await learnerWithTwoSessions();
    const rotated = await call(t, "/auth/refresh", { cookie: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const newest = rotated.json().access_token as string;
    expect(await meStatus(other, newest)).toBe(200);
    // The old refresh token again: it was copied, so its whole family ends.
    expect((await call(other, "/auth/refresh", { cookie: first.refresh })).statusCode).toBe(401);
    await expectRefusedEverywhere(first.accessToken, newest);
    expect(await meStatus(t, second.accessToken)).toBe(200);
  });
});

/**
 * Opens the notification stream on `node` (a real connection) and resolves once it is ready with a
 * promise of its end: the server closing it.
 */
async function openStream(
  node: TestApp,
  accessToken: string,
): Promise<{ ended: Promise<void>; close: () => void }> {
  const ticket = await call(node, "/notifications/stream-ticket", { headers: bearer(accessToken) });
  expect(ticket.statusCode).toBe(200);
  await node.app.listen({ port: 0, host: "127.0.0.1" }).catch(() => undefined);
  const { port } = node.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get(
      `http://127.0.0.1:${port}/api/notifications/stream?ticket=${encodeURIComponent(ticket.json().ticket)}`,
      (res) => {
        expect(res.statusCode).toBe(200);
        const ended = new Promise<void>((done) => res.on("end", done));
        res.setEncoding("utf8");
        res.once("data", () => resolve({ ended, close: () => request.destroy() }));
      },
    );
    request.on("error", reject);
  });
}

describe("open notification streams end with their session", () => {
  it("logout on one node closes the session's stream held open by the other node, not another session's", async () => {
    const { first, second } = await learnerWithTwoSessions();
    const ending = await openStream(other, first.accessToken);
    const staying = await openStream(other, second.accessToken);
    expect((await call(t, "/auth/logout", { headers: bearer(first.accessToken) })).statusCode).toBe(200);
    await ending.ended;
    let stayingEnded = false;
    void staying.ended.then(() => (stayingEnded = true));
    // The other session's stream is still open after the first one closed (same NOTIFY, already handled).
    await call(other, "/auth/me", { method: "GET", headers: bearer(second.accessToken) });
    expect(stayingEnded).toBe(false);
    staying.close();
  });

  it("a password reset closes every stream of the account", async () => {
    const { user, first, second } = await learnerWithTwoSessions();
    const streams = [await openStream(other, first.accessToken), await openStream(t, second.accessToken)];
    await call(t, "/auth/password-reset/request", { payload: { login: user.email } });
    const token = linkPathToken(await latestMessage(t, user.email), "/reset-password/");
    await call(t, "/auth/password-reset", {
      method: "PUT",
      payload: { token, password: "New-Pass-42", password_confirmation: "New-Pass-42" },
    });
    await Promise.all(streams.map((s) => s.ended));
  });
});

describe("file URLs handed out during a session end with it", () => {
  it("a lecture's video and e-book URLs stop working on every node once the session is logged out", async () => {
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const learner = await buildLearner(t);
    await enrol(t, learner.id, course.id);
    const { accessToken } = await logInAs(t, learner.username, learner.password);
    const lectureId = course.lectureIds[0]!;
    const detail = (
      await call(t, `/iu/lectures/${lectureId}`, { method: "GET", headers: bearer(accessToken) })
    ).json();
    const view = await call(t, `/iu/lectures/${lectureId}/ebooks/${detail.ebooks[0].id}/view-token`, {
      method: "POST",
      headers: bearer(accessToken),
    });
    expect(view.statusCode).toBe(200);
    const urls: string[] = [detail.video.url, detail.ebooks[0].file_url, view.json().url];
    for (const url of urls)
      expect((await other.app.inject({ url, headers: { range: "bytes=0-4" } })).statusCode).toBe(206);
    expect((await call(t, "/auth/logout", { headers: bearer(accessToken) })).statusCode).toBe(200);
    for (const url of urls) {
      for (const node of [t, other]) {
        const res = await node.app.inject({ url, headers: { range: "bytes=0-4" } });
        expect([401, 403], url).toContain(res.statusCode);
      }
    }
  });
});

describe("which access tokens are accepted", () => {
  it("refuses a validly signed token that names no session, or a session that does not exist", async () => {
    const learner = await buildLearner(t);
    const noSession = await signAccessToken(t.config.jwtSecret, { userId: learner.id, roleId: 1 });
    const unknown = await signAccessToken(t.config.jwtSecret, {
      userId: learner.id,
      roleId: 1,
      sessionId: crypto.randomUUID(),
    });
    await expectRefusedEverywhere(noSession, unknown);
  });
});
