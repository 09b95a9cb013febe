import { describe, expect, it } from "vitest";
import { formatBytes } from "./MyDataSection";

describe("formatBytes", () => {
  it("says sizes in the reader's language", () => {
    expect(formatBytes(512, "en")).toBe("512 bytes");
    expect(formatBytes(1946, "en")).toBe("1.9 kB");
    expect(formatBytes(1946, "es")).toBe("1,9 kB");
    expect(formatBytes(3_000_000, "en")).toBe("3 MB");
  });
});
