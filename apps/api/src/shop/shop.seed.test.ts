import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { seedAccounts } from "../seed/accounts.seed";
import { seedCatalog } from "../seed/catalog.seed";
import { seedCommerce } from "../seed/commerce.seed";
import { seedShop } from "./shop.seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  for (const seeder of [seedAccounts, seedCatalog, seedCommerce, seedShop]) await seeder(context);
});
afterAll(() => t.close());

describe("the demo shop", () => {
  it("has printed books and digital products in both languages, best sellers and a sold-out book", async () => {
    const all = (await t.app.inject({ url: "/api/shop/products?per_page=48" })).json();
    const kinds = new Set(all.data.map((p: { kind: string }) => p.kind));
    expect(kinds).toEqual(new Set(["printed_book", "ebook", "enotes"]));
    expect(all.data.some((p: { in_stock: boolean }) => !p.in_stock)).toBe(true);
    const top = (await t.app.inject({ url: "/api/shop/products?view=top" })).json();
    expect(top.data[0].title).toBe("Programming in Python: A First Course");
    const es = (
      await t.app.inject({ url: `/api/shop/products/${top.data[0].id}`, headers: { "x-language-id": "2" } })
    ).json();
    expect(es.title).toBe("Programación en Python: primer curso");
    expect(es.bindings.map((b: { binding: string }) => b.binding)).toEqual(["paperback", "hardcover"]);
    const learner = await buildLearner(t);
    const hits = (
      await t.app.inject({ url: "/api/iu/search?q=programacion&source=products", headers: learner.auth })
    ).json();
    expect(hits.data[0]).toMatchObject({ source: "products", url: `/iu/shop/books/${top.data[0].id}` });
  });
});
