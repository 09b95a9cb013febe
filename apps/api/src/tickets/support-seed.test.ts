import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionToken } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { users } from "../db/schema/index";
import { seedAccounts } from "../seed/accounts.seed";
import { seedSupport } from "../seed/support.seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const context = { db: t.deps.db, storage: t.deps.storage };
  await seedAccounts(context);
  await seedSupport(context);
});
afterAll(() => t.close());

describe("support demo data", () => {
  it("offers the demo subjects with Other, FAQs in both languages and a live advert with a real image", async () => {
    const subjects = (await t.app.inject({ url: "/api/tickets/subjects" })).json().data;
    expect(subjects.map((s: { title: { en: string } }) => s.title.en)).toEqual([
      "Billing",
      "Technical problem",
      "Course content",
      "Account",
      "Other",
    ]);
    const faqs = (await t.app.inject({ url: "/api/faqs" })).json();
    expect(faqs.total).toBeGreaterThanOrEqual(6);
    expect(faqs.data[0].entries[0].question.es).toMatch(/¿/);
    const adverts = (await t.app.inject({ url: "/api/adverts?placement=dashboard_sidebar" })).json().data;
    expect(adverts).toHaveLength(1);
    const image = await t.app.inject({ url: adverts[0].image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
  });

  it("gives ana her demo tickets, one answered by the support desk", async () => {
    const [ana] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, "ana"));
    const token = await sessionToken(t, { id: ana!.id, roleId: 1 });
    const list = (
      await t.app.inject({ url: "/api/iu/tickets", headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(list.total).toBe(2);
    expect(list.data.map((x: { status: string }) => x.status).sort()).toEqual(["in_progress", "unclaimed"]);
  });
});
