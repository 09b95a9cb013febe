import { describe, expect, it } from "vitest";
import { formatDay, linkedInUrl, pdfName, selectedCertificate } from "./logic";

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

describe("linkedInUrl", () => {
  it("fills LinkedIn's add-to-profile form: name, organisation, issue month and year, credential id and URL", () => {
    const url = new URL(
      linkedInUrl(
        {
          item: "Español: nivel 1",
          issued_at: "2026-03-05T10:00:00.000Z",
          code: "ABCDEFGHJKLMNPQR",
          verify_url: "https://aprendo.example/certificates/verify/ABCDEFGHJKLMNPQR",
        },
        "Aprendo",
      ),
    );
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: "Español: nivel 1",
      organizationName: "Aprendo",
      issueYear: "2026",
      issueMonth: "3",
      certUrl: "https://aprendo.example/certificates/verify/ABCDEFGHJKLMNPQR",
      certId: "ABCDEFGHJKLMNPQR",
    });
  });
});
