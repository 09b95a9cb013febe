import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
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
      payload: { key: "dashboard_sidebar", name: "Again" },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.key).toEqual(["Another advertisement block already uses this key"]);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/af/advertisement-blocks",
      headers: manager.auth,
      payload: { key: "Bad Key!", name: "Bad" },
    });
    expect(bad.statusCode).toBe(422);
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

    const res = await t.app.inject({ url: "/api/adverts?block=dashboard_sidebar", headers: learner.auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: live.json().data.id, title, link_url: "https://example.org/sale" });
    const image = await t.app.inject({ url: data[0].image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect((await t.app.inject({ url: "/api/adverts?block=nowhere" })).json().data).toEqual([]);
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
});
