import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { configurations } from "../db/schema/index";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "aprendo-web-"));
  await writeFile(
    path.join(webRoot, "index.html"),
    "<html><head><title>Aprendo</title></head><body><div id=root></div></body></html>",
  );
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

const bootData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)![1]!);

describe("the served index page", () => {
  it("answers client routes with index.html carrying the promo bar as data, so it paints without a shift", async () => {
    const res = await t.app.inject({ url: "/iu/dashboard" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const { configurations: entries } = bootData(res.body);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: "promo_bar", status: expect.any(Number) });
  });

  it("cannot be broken out of by a configured value", async () => {
    const [row] = await t.deps.db.select().from(configurations).where(eq(configurations.key, "promo_bar"));
    await t.deps.db
      .update(configurations)
      .set({ value: { ...row!.value, bannerFirstText: "</script><script>alert(1)</script>" } })
      .where(eq(configurations.key, "promo_bar"));
    const res = await t.app.inject({ url: "/" });
    expect(res.body).not.toContain("<script>alert(1)");
    expect(bootData(res.body).configurations[0].value.bannerFirstText).toBe(
      "</script><script>alert(1)</script>",
    );
  });
});
