import { faqCategoryPublicList } from "@aprendo/contract";
import { afterEach, describe, expect, it } from "vitest";
import { get } from "../lib/http/client";
import { api, drift, server } from "./server";

afterEach(() => {
  drift.length = 0;
});

describe("the mocked API", () => {
  it("refuses a fixed answer that drifts from the contract, naming the route and the field", () => {
    expect(() =>
      api.get("/faqs/categories", faqCategoryPublicList, {
        data: [{ id: 1, name: { en: "Payments", es: "Pagos" }, entries_count: "2" as unknown as number }],
      }),
    ).toThrow(/GET \/api\/faqs\/categories does not match the contract: data\.0\.entries_count/);
  });

  it("fails a computed answer that drifts, and the page's call sees a server error", async () => {
    server.use(api.get("/faqs/categories", faqCategoryPublicList, () => ({ data: [{ id: 1 }] }) as never));
    await expect(get("/faqs/categories")).rejects.toMatchObject({ status: 500 });
    expect(drift[0]?.message).toMatch(/data\.0\.name/);
  });
});
