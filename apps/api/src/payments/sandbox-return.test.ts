/** The sandbox 3-D Secure page sends the browser back only to a path of this site. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import { sameOriginPath } from "./sandbox.pages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A payment waiting for its 3-D Secure step; the page's URL without a `return`. */
async function pendingAuthentication(): Promise<string> {
  const ana = await buildLearner(t);
  const course = await buildPaidCourse(t, 2900);
  const res = await checkoutAs(t, ana, {
    items: [{ type: "course", id: course.id }],
    payment: { card_token: await cardToken(t, cards.threeDSecure) },
  });
  expect(res.statusCode).toBe(201);
  return new URL(res.json().next_action_url, "http://x.invalid").pathname;
}

const hostile = [
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " /evil",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "evil.example",
  "/a/..//evil.example",
  "",
];

describe("the 3-D Secure page's return", () => {
  it("redirects to a same-origin path after the decision", async () => {
    const page = await pendingAuthentication();
    const res = await t.app.inject({
      method: "POST",
      url: `${page}?return=${encodeURIComponent("/iu/checkout?order=5#top")}`,
      payload: { decision: "approve" },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/iu/checkout?order=5#top");
  });

  for (const value of hostile) {
    it(`never redirects to ${JSON.stringify(value)}: the page says it is done instead`, async () => {
      const page = await pendingAuthentication();
      const shown = await t.app.inject({ url: `${page}?return=${encodeURIComponent(value)}` });
      expect(shown.statusCode).toBe(200);
      // The form posts back without the refused return.
      expect(shown.body).not.toContain("evil");
      const res = await t.app.inject({
        method: "POST",
        url: `${page}?return=${encodeURIComponent(value)}`,
        payload: { decision: "approve" },
      });
      expect(res.headers.location).toBeUndefined();
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
    });
  }

  it("keeps exactly the paths a browser would resolve to this site", () => {
    expect(sameOriginPath("/iu/orders")).toBe("/iu/orders");
    expect(sameOriginPath("/a/../b?x=1")).toBe("/b?x=1");
    for (const value of hostile) expect(sameOriginPath(value), JSON.stringify(value)).toBeNull();
    expect(sameOriginPath(undefined)).toBeNull();
  });
});
