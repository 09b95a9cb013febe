import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { notifications } from "../db/schema/index";

let t: TestApp;
let manager: BuiltUser;
let learners: BuiltUser[];

beforeAll(async () => {
  t = await createTestApp();
  manager = await buildAdmin(t, ["isGlobalNotificationsManager"]);
  learners = [await buildLearner(t), await buildLearner(t)];
});
afterAll(() => t.close());

const payload = {
  title: { en: "Maintenance on Sunday", es: "Mantenimiento el domingo" },
  description: {
    en: "The platform is offline from 2 to 3 am.",
    es: "La plataforma no estará disponible de 2 a 3.",
  },
  show_as_modal: true,
};

describe("global notifications administration", () => {
  it("writes a draft, edits it, publishes it to every learner as type 2, then locks it", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/af/global-notifications",
      headers: manager.auth,
      payload,
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json().data;
    expect(draft).toMatchObject({
      published_at: null,
      show_as_modal: true,
      recipients_count: 0,
      created_by: { id: manager.id },
    });

    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/af/global-notifications/${draft.id}`,
      headers: manager.auth,
      payload: { ...payload, title: { en: "Maintenance this Sunday", es: "Mantenimiento este domingo" } },
    });
    expect(edited.json().data.title.en).toBe("Maintenance this Sunday");

    const published = await t.app.inject({
      method: "POST",
      url: `/api/af/global-notifications/${draft.id}/publish`,
      headers: manager.auth,
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.published_at).not.toBeNull();
    expect(published.json().data.recipients_count).toBeGreaterThanOrEqual(2);

    for (const learner of learners) {
      const [row] = await t.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, learner.id), eq(notifications.globalNotificationId, draft.id)));
      expect(row).toMatchObject({ type: 2, title: { en: "Maintenance this Sunday" } });
    }

    const again = await t.app.inject({
      method: "POST",
      url: `/api/af/global-notifications/${draft.id}/publish`,
      headers: manager.auth,
    });
    expect(again.statusCode).toBe(409);
    const locked = await t.app.inject({
      method: "PUT",
      url: `/api/af/global-notifications/${draft.id}`,
      headers: manager.auth,
      payload,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe("This notification has already been sent and can no longer be edited");
  });

  it("creates and publishes at once, lists, and retracts by deleting", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/af/global-notifications",
      headers: manager.auth,
      payload: { ...payload, show_as_modal: false, publish: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("The notification has been sent to every learner");
    const id = res.json().data.id;
    const list = (
      await t.app.inject({ url: "/api/af/global-notifications?search=maintenance", headers: manager.auth })
    ).json();
    expect(list.total).toBe(2);
    expect(list.data[0].id).toBe(id);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/global-notifications/${id}`,
      headers: manager.auth,
    });
    expect(removed.statusCode).toBe(200);
    const left = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.globalNotificationId, id));
    expect(left).toEqual([]);
  });

  it("validates both languages", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/af/global-notifications",
      headers: manager.auth,
      payload: { title: { en: "Hi", es: "" }, description: { en: "", es: "" } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "description.en",
      "description.es",
      "title.en",
      "title.es",
    ]);
  });
});
