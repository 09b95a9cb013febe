import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("platform endpoints", () => {
  it("says the process is alive and the database reachable", async () => {
    expect((await t.app.inject({ url: "/api/health" })).json()).toMatchObject({ status: "ok" });
    const ready = await t.app.inject({ url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: true });
  });

  it("answers unknown API paths with a JSON 404 in the request language", async () => {
    const en = await t.app.inject({ url: "/api/does-not-exist" });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: "There is no such address in the API" });
    const es = await t.app.inject({ url: "/api/does-not-exist", headers: { "x-language-id": "2" } });
    expect(es.json()).toEqual({ message: "Esa dirección no existe en la API" });
    const accept = await t.app.inject({
      url: "/api/does-not-exist",
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(accept.json().message).toBe("Esa dirección no existe en la API");
  });

  it("returns field errors in the errors shape, translated", async () => {
    const res = await t.app.inject({ url: "/api/dev/outbox?limit=0", headers: { "x-language-code": "es" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.limit).toEqual(["El mínimo permitido de número es 1"]);
  });

  it("refuses malformed JSON with a translated message and no internals", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json())).toEqual(["message"]);
  });

  it("serves the promo bar configuration entry", async () => {
    const res = await t.app.inject({ url: "/api/iu/configurations?searchText=promo_bar" });
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ key: "promo_bar", status: 1 });
    expect(Object.keys(entry.value).sort()).toEqual(
      [
        "bannerBgColorLeft",
        "bannerBgColorRight",
        "bannerFirstText",
        "bannerFirstTextEs",
        "bannerPlaceholder",
        "bannerPlaceholderBgColor",
        "bannerSecondText",
        "bannerSecondTextEs",
        "bannerTextColor",
      ].sort(),
    );
  });

  it("lists both locales", async () => {
    expect((await t.app.inject({ url: "/api/locales" })).json().data).toEqual([
      { id: 1, name: "English", code: "en" },
      { id: 2, name: "Español", code: "es" },
    ]);
  });

  it("publishes the OpenAPI document", async () => {
    const res = await t.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty("/api/health");
  });

  it("checks who is calling before it reads the body: a guest gets 401, not field errors", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/iu/change-password", payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Please log in to continue" });
  });

  it("builds users of each role with working tokens", async () => {
    const learner = await buildLearner(t);
    const admin = await buildAdmin(t, ["isFaqManager"]);
    expect(learner.token).not.toBe(admin.token);
  });
});

describe("the web app's index page", () => {
  it("carries the configured product name as title and application name, escaped", async () => {
    const { brandedIndex } = await import("../http/web-app");
    const html = "<html><head><title>Aprendo</title></head><body></body></html>";
    const branded = brandedIndex(html, 'Learn & "Grow"');
    expect(branded).toContain("<title>Learn &amp; &quot;Grow&quot;</title>");
    expect(branded).toContain('<meta name="application-name" content="Learn &amp; &quot;Grow&quot;" />');
  });
});
