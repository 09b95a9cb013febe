import { describe, expect, it } from "vitest";
import { formatFileSize } from "./fileSize";

describe("formatFileSize", () => {
  it("spells bytes with their plural and uses SI units above (never '416 byte')", () => {
    expect(formatFileSize(416, "en")).toBe("416 bytes");
    expect(formatFileSize(1, "en")).toBe("1 byte");
    expect(formatFileSize(416, "es")).toBe("416 bytes");
    expect(formatFileSize(1946, "en")).toBe("1.9 kB");
    expect(formatFileSize(1946, "es")).toBe("1,9 kB");
    expect(formatFileSize(3_000_000, "en")).toBe("3 MB");
  });
});
