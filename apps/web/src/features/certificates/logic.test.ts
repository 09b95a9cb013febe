import { describe, expect, it } from "vitest";
import { formatDay, pdfName, selectedCertificate } from "./logic";

describe("certificate helpers", () => {
  it("picks the certificate of the route, or says it is missing", () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(selectedCertificate(list, undefined)).toBeNull();
    expect(selectedCertificate(list, "2")).toEqual({ id: 2 });
    expect(selectedCertificate(list, "9")).toBe("missing");
  });
  it("names the PDF after the item and code", () => {
    expect(pdfName("Diseño web: Módulo 1", "ABCD")).toBe("certificate-diseno-web-modulo-1-ABCD.pdf");
  });
  it("formats dates the British way", () => {
    expect(formatDay("2026-03-04T12:00:00Z", "en")).toBe("4 March 2026");
    expect(formatDay("2026-03-04T12:00:00Z", "es")).toBe("4 de marzo de 2026");
  });
});
