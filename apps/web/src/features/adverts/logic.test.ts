import { describe, expect, it } from "vitest";
import { advertState } from "./logic";

const advert = {
  active: true,
  starts_on: "2026-07-01",
  ends_on: "2026-07-31" as string | null,
  image_url: "/api/adverts/1/image?v=1" as string | null,
  is_live: false,
};

describe("advert state", () => {
  it("says live when the server says so", () => {
    expect(advertState({ ...advert, is_live: true }, "2026-07-10")).toBe("live");
  });
  it("gives the reason an advert is not shown", () => {
    expect(advertState({ ...advert, active: false }, "2026-07-10")).toBe("inactive");
    expect(advertState({ ...advert, image_url: null }, "2026-07-10")).toBe("noImage");
    expect(advertState(advert, "2026-06-30")).toBe("scheduled");
    expect(advertState(advert, "2026-08-01")).toBe("ended");
    expect(advertState(advert, "2026-07-31")).toBe("blockOff");
    expect(advertState({ ...advert, ends_on: null }, "2030-01-01")).toBe("blockOff");
  });
});
