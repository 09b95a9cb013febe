import http from "node:http";
import type { AddressInfo } from "node:net";
import { NotificationType } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  createGlobalNotification,
  notify,
  notifyKey,
  publishGlobalNotification,
} from "./notifications.service";

let t: TestApp;
let ana: BuiltUser;
let leo: BuiltUser;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t);
  leo = await buildLearner(t);
  admin = await buildAdmin(t, ["isFaqManager"]);
});
afterAll(() => t.close());

const text = (en: string, es = `${en} (es)`) => ({ en, es });

async function give(user: BuiltUser, n: number, type: 1 | 2 | 3 | 4 | 5 = NotificationType.supportTicket) {
  const ids: number[] = [];
  for (let i = 1; i <= n; i += 1) {
    ids.push(
      (
        await notify(
          { db: t.deps.db },
          {
            userId: user.id,
            type,
            title: text(`Title ${i}`),
            description: text(`Body ${i}`),
            action: { redirect: { id: i } },
          },
        )
      ).id,
    );
  }
  return ids;
}

const get = (url: string, user: BuiltUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { ...user.auth, ...headers } });
const put = (url: string, user: BuiltUser) => t.app.inject({ method: "PUT", url, headers: user.auth });

describe("notification list", () => {
  it("pages newest first with a cursor, counts unread and speaks the request language", async () => {
    const learner = await buildLearner(t);
    const ids = await give(learner, 12);
    const first = await get("/api/iu/notifications/me", learner, { "x-language-id": "2" });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({
      id: ids[11],
      type: 1,
      title: "Title 12 (es)",
      description: "Body 12 (es)",
      read: false,
      modal_read: false,
      action: { redirect: { id: 12 } },
    });
    expect(typeof body.data[0].created_at).toBe("string");
    expect(body.count_unread_notifications).toBe(12);
    expect(body.global_notification_modal).toBeNull();
    expect(body.next_page_url).toBe(`/api/iu/notifications/me?cursor=${ids[2]}&per_page=10`);

    const second = (await get(body.next_page_url, learner)).json();
    expect(second.data.map((n: { id: number }) => n.id)).toEqual([ids[1], ids[0]]);
    expect(second.data[0].title).toBe("Title 2");
    expect(second.next_page_url).toBeNull();
  });

  it("serves admins on their own path and keeps each role to its path", async () => {
    await give(admin, 1);
    const res = await get("/api/admins/notifications/me", admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().next_page_url).toBeNull();
    const head = await buildHeadAdmin(t);
    expect((await get("/api/admins/notifications/me", head)).statusCode).toBe(200);
    expect((await get("/api/iu/notifications/me", admin)).statusCode).toBe(403);
    expect((await get("/api/admins/notifications/me", ana)).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/iu/notifications/me" })).statusCode).toBe(401);
  });

  it("refuses a page size above 50", async () => {
    expect((await get("/api/iu/notifications/me?per_page=51", ana)).statusCode).toBe(422);
  });
});

describe("reading notifications", () => {
  it("marks one read and answers the new unread count", async () => {
    const [a, b] = await give(ana, 2);
    const res = await put(`/api/notifications/${a}/read`, ana);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: a, read: true });
    const unread = res.json().count_unread_notifications;
    const list = (await get("/api/iu/notifications/me", ana)).json();
    expect(list.count_unread_notifications).toBe(unread);
    expect(list.data.find((n: { id: number }) => n.id === b).read).toBe(false);
    // Reading again is harmless.
    expect((await put(`/api/notifications/${a}/read`, ana)).json().count_unread_notifications).toBe(unread);
  });

  it("refuses another user's notification as not found and leaves it unread", async () => {
    const [leos] = await give(leo, 1);
    const res = await put(`/api/notifications/${leos}/read`, ana);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Notification not found" });
    const list = (await get("/api/iu/notifications/me", leo)).json();
    expect(list.data.find((n: { id: number }) => n.id === leos).read).toBe(false);
    expect((await put("/api/notifications/999999/read", ana)).statusCode).toBe(404);
    // A path id that cannot exist is not found.
    expect((await put("/api/notifications/abc/read", ana)).statusCode).toBe(404);
  });

  it("marks all read for learners and admins, only their own", async () => {
    await give(ana, 3);
    await give(leo, 2);
    await give(admin, 2);
    const res = await put("/api/iu/notifications/all/read", ana);
    expect(res.json()).toEqual({ count_unread_notifications: 0 });
    expect((await get("/api/iu/notifications/me", ana)).json().count_unread_notifications).toBe(0);
    expect((await get("/api/iu/notifications/me", leo)).json().count_unread_notifications).toBeGreaterThan(0);

    expect((await put("/api/admins/notifications/all/read", admin)).json()).toEqual({
      count_unread_notifications: 0,
    });
    expect((await get("/api/admins/notifications/me", admin)).json().count_unread_notifications).toBe(0);
    expect((await put("/api/admins/notifications/all/read", ana)).statusCode).toBe(403);
    expect((await put("/api/iu/notifications/all/read", admin)).statusCode).toBe(403);
  });

  it("stores keyed notifications in both languages", async () => {
    const learner = await buildLearner(t);
    await notifyKey(
      { db: t.deps.db },
      {
        userId: learner.id,
        type: NotificationType.congratulations,
        title: "notifications.notFound",
        description: "validation.min?entry=entry.characters&min=3",
      },
    );
    const en = (await get("/api/iu/notifications/me", learner)).json().data[0];
    expect(en).toMatchObject({
      title: "Notification not found",
      description: "Minimum allowed characters is 3",
    });
    const es = (await get("/api/iu/notifications/me", learner, { "x-language-code": "es" })).json().data[0];
    expect(es).toMatchObject({
      title: "Notificación no encontrada",
      description: "El mínimo permitido de caracteres es 3",
    });
  });
});

describe("global notifications", () => {
  it("fans out to every learner, not to admins, shows the modal once and reads by global id", async () => {
    const a = await buildLearner(t);
    const b = await buildLearner(t);
    const { id } = await createGlobalNotification(
      { db: t.deps.db },
      { title: text("Maintenance tonight"), description: text("We will be back at 2 am"), showAsModal: true },
    );
    const { recipients } = await publishGlobalNotification({ db: t.deps.db }, id);
    expect(recipients).toBeGreaterThanOrEqual(2);
    await expect(publishGlobalNotification({ db: t.deps.db }, id)).rejects.toMatchObject({
      code: "conflict",
    });

    const list = (await get("/api/iu/notifications/me", a)).json();
    expect(list.data[0]).toMatchObject({
      type: 2,
      title: "Maintenance tonight",
      action: { redirect: { id } },
    });
    expect(list.global_notification_modal).toMatchObject({ type: 2, action: { redirect: { id } } });
    expect(
      (await get("/api/admins/notifications/me", admin))
        .json()
        .data.some((n: { type: number }) => n.type === 2),
    ).toBe(false);

    const page = await get(`/api/iu/global-notifications/${id}`, a, { "x-language-id": "2" });
    expect(page.json().data).toMatchObject({ id, title: "Maintenance tonight (es)", show_as_modal: true });

    expect((await put("/api/iu/global-notifications/modal/read", a)).statusCode).toBe(200);
    const after = (await get("/api/iu/notifications/me", a)).json();
    expect(after.global_notification_modal).toBeNull();
    expect(after.data[0]).toMatchObject({ modal_read: true, read: false });

    const read = await put(`/api/iu/global-notifications/${id}/read`, a);
    expect(read.json()).toEqual({ count_unread_notifications: 0 });
    // b is untouched by a's reading.
    expect((await get("/api/iu/notifications/me", b)).json().global_notification_modal).not.toBeNull();
  });

  it("answers 404 for a global notification that does not exist or is not published", async () => {
    const { id } = await createGlobalNotification(
      { db: t.deps.db },
      { title: text("Draft"), description: text("x") },
    );
    expect((await get(`/api/iu/global-notifications/${id}`, ana)).statusCode).toBe(404);
    expect((await put(`/api/iu/global-notifications/${id}/read`, ana)).statusCode).toBe(404);
    expect((await get("/api/iu/global-notifications/999999", ana)).statusCode).toBe(404);
    expect((await get(`/api/iu/global-notifications/${id}`, admin)).statusCode).toBe(403);
  });
});

/** Reads server-sent events from a real HTTP connection until `until` says stop. */
function readEvents(url: string, until: (events: { event: string; data: string }[]) => boolean) {
  return new Promise<{ status: number; events: { event: string; data: string }[] }>((resolve, reject) => {
    const events: { event: string; data: string }[] = [];
    const request = http.get(url, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve({ status: res.statusCode ?? 0, events });
      }
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf("\n\n");
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ?? "" });
          if (until(events)) {
            request.destroy();
            return resolve({ status: 200, events });
          }
          at = buffer.indexOf("\n\n");
        }
      });
    });
    request.on("error", reject);
    setTimeout(() => {
      request.destroy();
      reject(new Error(`timed out with events ${JSON.stringify(events)}`));
    }, 10_000);
  });
}

describe("live delivery", () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  async function ticketFor(user: BuiltUser): Promise<string> {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/notifications/stream-ticket",
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().expires_in).toBe(60);
    return res.json().ticket;
  }

  it("delivers a NOTIFY from a notification insert to the owner's open stream only", async () => {
    const learner = await buildLearner(t);
    const other = await buildLearner(t);
    let ownId = 0;
    const own = readEvents(
      `${base}/api/notifications/stream?ticket=${await ticketFor(learner)}`,
      (events) => {
        if (events.length === 1) {
          // The stream is open and subscribed: now another user's and then our notification arrive.
          void give(other, 1).then(() => give(learner, 1).then(([id]) => (ownId = id!)));
        }
        return events.some((e) => e.event === "notification");
      },
    );
    const { events } = await own;
    expect(events[0]?.event).toBe("ready");
    const delivered = events.filter((e) => e.event === "notification");
    expect(delivered).toHaveLength(1);
    await expect.poll(() => ownId).toBeGreaterThan(0);
    expect(JSON.parse(delivered[0]!.data)).toEqual({ id: ownId });
  });

  it("broadcasts a published global notification to open learner streams", async () => {
    const learner = await buildLearner(t);
    const stream = readEvents(
      `${base}/api/notifications/stream?ticket=${await ticketFor(learner)}`,
      (events) => {
        if (events.length === 1) {
          void createGlobalNotification(
            { db: t.deps.db },
            { title: text("Hi"), description: text("All") },
          ).then(({ id }) => publishGlobalNotification({ db: t.deps.db }, id));
        }
        return events.some((e) => e.event === "notification");
      },
    );
    expect((await stream).events.map((e) => e.event)).toEqual(["ready", "notification"]);
  });

  it("tells other tabs when notifications were read", async () => {
    const learner = await buildLearner(t);
    const stream = readEvents(
      `${base}/api/notifications/stream?ticket=${await ticketFor(learner)}`,
      (events) => {
        if (events.length === 1) void put("/api/iu/notifications/all/read", learner);
        return events.some((e) => e.event === "changed");
      },
    );
    expect((await stream).events.at(-1)?.event).toBe("changed");
  });

  it("refuses a stream without a valid ticket, and the access token as a ticket", async () => {
    expect((await readEvents(`${base}/api/notifications/stream?ticket=nonsense`, () => true)).status).toBe(
      401,
    );
    expect(
      (await readEvents(`${base}/api/notifications/stream?ticket=${ana.token}`, () => true)).status,
    ).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/stream-ticket" })).statusCode).toBe(
      401,
    );
  });
});
