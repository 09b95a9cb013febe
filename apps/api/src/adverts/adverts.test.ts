import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { multipart, pngBytes } from "../tickets/test-support";

let t: TestApp;
let manager: BuiltUser;
let learner: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  manager = await buildAdmin(t, ["isAdvertManager"]);
  learner = await buildLearner(t);
});
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function postAdvert(data: Record<string, unknown>, image: Buffer | null = pngBytes(1)) {
  const form = multipart(
    { data: JSON.stringify(data) },
    image ? [{ field: "image", filename: "ad.png", content: image }] : [],
  );
  return t.app.inject({
    method: "POST",
    url: "/api/af/adverts",
    headers: { ...manager.auth, ...form.headers },
    payload: form.payload,
  });
}

describe("adverts", () => {
  let blockId: number;

  beforeAll(async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/af/advertisement-blocks",
      headers: manager.auth,
      payload: {
        key: "dashboard_sidebar",
        name: "Dashboard sidebar",
        description: "Right column of the dashboard",
        placement: "dashboard_sidebar",
      },
    });
    expect(res.statusCode).toBe(201);
    blockId = res.json().data.id;
  });

  it("refuses a duplicate or malformed block key", async () => {
    const dup = await t.app.inject({
      method: "POST",
      url: "/api/af/advertisement-blocks",
      headers: manager.auth,
      payload: { key: "dashboard_sidebar", name: "Again", placement: "shop_top" },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.key).toEqual(["Another advertisement block already uses this key"]);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/af/advertisement-blocks",
      headers: manager.auth,
      payload: { key: "Bad Key!", name: "Bad", placement: "shop_top" },
    });
    expect(bad.statusCode).toBe(422);
    const nowhere = await t.app.inject({
      method: "POST",
      url: "/api/af/advertisement-blocks",
      headers: manager.auth,
      payload: { key: "footer_banner", name: "Footer", placement: "footer" },
    });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.placement).toHaveLength(1);
  });

  it("shows only live adverts of a block, with their image", async () => {
    const title = { en: "Summer course sale", es: "Rebajas de verano" };
    const live = await postAdvert({
      block_id: blockId,
      title,
      link_url: "https://example.org/sale",
      starts_on: day(-1),
      ends_on: day(5),
    });
    expect(live.statusCode).toBe(201);
    expect(live.json().data).toMatchObject({ is_live: true, block: { key: "dashboard_sidebar" } });
    await postAdvert({ block_id: blockId, title, starts_on: day(3) }, pngBytes(2));
    await postAdvert({ block_id: blockId, title, starts_on: day(-10), ends_on: day(-2) }, pngBytes(3));
    await postAdvert({ block_id: blockId, title, starts_on: day(-1), active: false }, pngBytes(4));

    const res = await t.app.inject({
      url: "/api/adverts?placement=dashboard_sidebar",
      headers: learner.auth,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: live.json().data.id, title, link_url: "https://example.org/sale" });
    const image = await t.app.inject({ url: data[0].image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect((await t.app.inject({ url: "/api/adverts?placement=shop_top" })).json().data).toEqual([]);
    expect((await t.app.inject({ url: "/api/adverts?placement=nowhere" })).statusCode).toBe(422);
  });

  it("checks the image by content and the dates", async () => {
    const fake = await postAdvert(
      { block_id: blockId, title: { en: "Fake", es: "Falso" }, starts_on: day(0) },
      Buffer.from("<svg onload=alert(1)>"),
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image).toEqual(["The image must be a JPEG, PNG, WebP or GIF file"]);
    const missing = await postAdvert(
      { block_id: blockId, title: { en: "None", es: "Nada" }, starts_on: day(0) },
      null,
    );
    expect(missing.json().errors.image).toEqual(["Add an image for the advert"]);
    const big = await postAdvert(
      { block_id: blockId, title: { en: "Big", es: "Grande" }, starts_on: day(0) },
      pngBytes(5, 1100 * 1000),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.image).toEqual(["The image must be at most 1000 KB"]);
    const dates = await postAdvert({
      block_id: blockId,
      title: { en: "Dates", es: "Fechas" },
      starts_on: day(3),
      ends_on: day(1),
    });
    expect(dates.json().errors.ends_on).toEqual(["The last day must be on or after the first day"]);
  });

  it("updates with JSON, keeps blocks with adverts, and deletes", async () => {
    const created = (
      await postAdvert(
        { block_id: blockId, title: { en: "Old", es: "Viejo" }, starts_on: day(0) },
        pngBytes(6),
      )
    ).json().data;
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/af/adverts/${created.id}`,
      headers: manager.auth,
      payload: { block_id: blockId, title: { en: "New", es: "Nuevo" }, starts_on: day(0), active: false },
    });
    expect(updated.json().data).toMatchObject({
      title: { en: "New" },
      is_live: false,
      image_url: expect.any(String),
    });
    const inUse = await t.app.inject({
      method: "DELETE",
      url: `/api/af/advertisement-blocks/${blockId}`,
      headers: manager.auth,
    });
    expect(inUse.statusCode).toBe(409);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/adverts/${created.id}`,
      headers: manager.auth,
    });
    expect(removed.statusCode).toBe(200);
    const list = (
      await t.app.inject({ url: `/api/af/adverts?block_id=${blockId}`, headers: manager.auth })
    ).json();
    expect(list.data.map((a: { id: number }) => a.id)).not.toContain(created.id);
    const blocks = (await t.app.inject({ url: "/api/af/advertisement-blocks", headers: manager.auth })).json()
      .data;
    expect(blocks[0]).toMatchObject({ key: "dashboard_sidebar", adverts_count: list.total });
  });

  it("shows a block made by an administrator at the placement it declares, and moves it when the placement changes", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/af/advertisement-blocks",
      headers: manager.auth,
      payload: { key: "spring_sale", name: "Spring sale", placement: "course_list_top" },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ key: "spring_sale", placement: "course_list_top" });
    const block = made.json().data.id;
    const advert = await postAdvert(
      { block_id: block, title: { en: "Spring sale", es: "Rebajas de primavera" }, starts_on: day(0) },
      pngBytes(7),
    );
    expect(advert.json().data.block).toMatchObject({ key: "spring_sale", placement: "course_list_top" });
    const at = async (placement: string) =>
      (await t.app.inject({ url: `/api/adverts?placement=${placement}` }))
        .json()
        .data.map((a: { id: number }) => a.id);
    expect(await at("course_list_top")).toEqual([advert.json().data.id]);
    expect(await at("dashboard_sidebar")).not.toContain(advert.json().data.id);

    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/af/advertisement-blocks/${block}`,
      headers: manager.auth,
      payload: { key: "spring_sale", name: "Spring sale", placement: "title_page" },
    });
    expect(moved.statusCode).toBe(200);
    expect(await at("course_list_top")).toEqual([]);
    expect(await at("title_page")).toEqual([advert.json().data.id]);
  });

  it("writes every change of blocks and adverts to the audit log with its before and after", async () => {
    const head = await buildHeadAdmin(t);
    const block = (
      await t.app.inject({
        method: "POST",
        url: "/api/af/advertisement-blocks",
        headers: manager.auth,
        payload: { key: "audited_block", name: "Audited", placement: "shop_top" },
      })
    ).json().data.id;
    const advert = (
      await postAdvert(
        { block_id: block, title: { en: "Audited", es: "Auditado" }, starts_on: day(0) },
        pngBytes(8),
      )
    ).json().data.id;
    await t.app.inject({
      method: "PUT",
      url: `/api/af/adverts/${advert}`,
      headers: manager.auth,
      payload: { block_id: block, title: { en: "Audited 2", es: "Auditado 2" }, starts_on: day(0) },
    });
    await t.app.inject({ method: "DELETE", url: `/api/af/adverts/${advert}`, headers: manager.auth });
    await t.app.inject({
      method: "DELETE",
      url: `/api/af/advertisement-blocks/${block}`,
      headers: manager.auth,
    });
    const rows = (await t.app.inject({ url: "/api/ha/audit-log?per_page=50", headers: head.auth })).json()
      .data as {
      action: string;
      entity_id: string;
      actor: { username: string };
      before: unknown;
      after: unknown;
    }[];
    const mine = rows.filter(
      (r) =>
        (r.entity_id === String(advert) && r.action.startsWith("advert.")) ||
        (r.entity_id === String(block) && r.action.startsWith("advert_block.")),
    );
    expect(mine.map((r) => r.action).sort()).toEqual(
      [
        "advert.create",
        "advert.delete",
        "advert.update",
        "advert_block.create",
        "advert_block.delete",
      ].sort(),
    );
    const update = mine.find((r) => r.action === "advert.update")!;
    expect(update.actor.username).toBe(manager.username);
    expect(update.before).toMatchObject({ title_en: "Audited" });
    expect(update.after).toMatchObject({ title_en: "Audited 2" });
  });
});
