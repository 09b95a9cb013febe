/** The wish list: idempotent toggles, the learner's list, enrolling removes a title. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { buildCourse } from "./catalog.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wish = (user: BuiltUser, courseId: number, on: boolean, language = "1") =>
  t.app.inject({
    method: "PUT",
    url: `/api/iu/courses/${courseId}/wishlist`,
    headers: { ...user.auth, "x-language-id": language },
    payload: { on },
  });
const ids = async (user: BuiltUser) =>
  (await t.app.inject({ url: "/api/iu/wishlist/ids", headers: user.auth })).json();
const list = async (user: BuiltUser) =>
  (await t.app.inject({ url: "/api/iu/wishlist", headers: user.auth })).json();

describe("the wish list", () => {
  it("adds and removes a title idempotently and lists it as a card", async () => {
    const course = await buildCourse(t, {
      levels: 1,
      modules: 1,
      lectures: 2,
      title: ["Wished title", "Título deseado"],
    });
    const soon = await buildCourse(t, { status: "coming_soon" });
    const ana = await buildLearner(t);
    const first = await wish(ana, course.id, true, "2");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: "Añadido a tu lista de deseos", on: true });
    expect((await wish(ana, course.id, true)).statusCode).toBe(200);
    expect((await wish(ana, soon.id, true)).statusCode).toBe(200);
    expect(await ids(ana)).toEqual({ wishlist: expect.arrayContaining([course.id, soon.id]), notify: [] });
    const page = await list(ana);
    expect(page.total).toBe(2);
    // Newest addition first, as the catalogue's cards.
    expect(page.data[0]).toMatchObject({ id: soon.id, status: "coming_soon" });
    expect(page.data[1]).toMatchObject({ id: course.id, title: "Wished title", lecture_count: 2 });
    expect(page.data[1].added_at).toEqual(expect.any(String));

    const removed = await wish(ana, course.id, false);
    expect(removed.json()).toEqual({ message: "Removed from your wish list", on: false });
    expect((await wish(ana, course.id, false)).statusCode).toBe(200);
    expect((await ids(ana)).wishlist).toEqual([soon.id]);
    // Another learner's list is their own.
    expect((await list(await buildLearner(t))).total).toBe(0);
  });

  it("refuses drafts (not found), titles the learner is enrolled in, guests and staff", async () => {
    const draft = await buildCourse(t, { status: "draft" });
    const ana = await buildLearner(t);
    expect((await wish(ana, draft.id, true)).statusCode).toBe(404);
    expect((await wish(ana, 999_999, true)).statusCode).toBe(404);
    const free = await buildCourse(t, {});
    await t.app.inject({ method: "POST", url: `/api/iu/courses/${free.id}/enrol`, headers: ana.auth });
    const enrolled = await wish(ana, free.id, true);
    expect(enrolled.statusCode).toBe(409);
    expect(enrolled.json().message).toBe("You are already enrolled in this title");
    const guest = await t.app.inject({
      method: "PUT",
      url: `/api/iu/courses/${free.id}/wishlist`,
      payload: { on: true },
    });
    expect(guest.statusCode).toBe(401);
    const staff = await buildAdmin(t, ["isCourseManager"]);
    expect((await wish(staff, free.id, true)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: `/api/iu/courses/${free.id}/wishlist`,
          headers: ana.auth,
          payload: { on: "yes" },
        })
      ).statusCode,
    ).toBe(422);
  });

  it("loses a title when the learner enrols in it for free or buys it", async () => {
    const ana = await buildLearner(t);
    const free = await buildCourse(t, {});
    const paid = await buildPaidCourse(t, 1900);
    await wish(ana, free.id, true);
    await wish(ana, paid.id, true);
    expect((await list(ana)).total).toBe(2);

    await t.app.inject({ method: "POST", url: `/api/iu/courses/${free.id}/enrol`, headers: ana.auth });
    expect((await ids(ana)).wishlist).toEqual([paid.id]);

    const bought = await checkoutAs(t, ana, {
      items: [{ type: "course", id: paid.id }],
      payment: { card_token: await cardToken(t, cards.success) },
      return_url: "/iu/checkout",
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await list(ana)).toMatchObject({ total: 0, data: [] });
  });
});
