import { describe, expect, it } from "vitest";
import { sniff, sniffImage } from "./sniff";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("content sniffing", () => {
  it("recognises each accepted type by its first bytes", () => {
    expect(sniff(bytes("%PDF-1.4\n"))).toBe("application/pdf");
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniff(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniff(bytes("GIF89a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniff(bytes("GIF87a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniff(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toBe("video/mp4");
    expect(
      sniff(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], "webm")),
    ).toBe("video/webm");
  });

  it("refuses anything else, whatever its name claims", () => {
    expect(sniff(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniff(bytes("MZ\x90\x00"))).toBeNull();
    expect(sniff(bytes([0, 0, 0, 0x18], "ftypheic"))).toBeNull();
    expect(sniff(new Uint8Array())).toBeNull();
  });

  it("tells a picture from any other accepted file", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImage(bytes("GIF89a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffImage(bytes("%PDF-1.4\n"))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toBeNull();
    expect(sniffImage(bytes("GIF90a"))).toBeNull();
  });
});
