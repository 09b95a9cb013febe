/** The learner's certificate offers the credential, the badge and LinkedIn; the public page is opt-in. */
import { certificateList, myPublicProfile } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import CertificatesPage from "./CertificatesPage";

const certificate = {
  id: 4,
  kind: "title" as const,
  item: "Spanish for beginners",
  course_id: 2,
  code: "ABCDEFGHJKLMNPQR",
  issued_at: "2026-03-05T10:00:00.000Z",
  revoked_at: null,
  suspended_at: null,
  verify_url: "https://aprendo.example/certificates/verify/ABCDEFGHJKLMNPQR",
};
const list = (overrides = {}) =>
  api.get("/iu/certificates", certificateList, {
    data: [{ ...certificate, ...overrides }],
    locked: false,
    missing: [],
  });

describe("the learner's certificates", () => {
  it("offers the PDF, the credential (.json, .jwt), the badge and LinkedIn's add-to-profile link", async () => {
    server.use(list());
    await renderPage(<CertificatesPage />, "/iu/profile/certificates/4", {
      path: "/iu/profile/certificates/:id?",
    });
    for (const name of ["Download PDF", "Credential (.json)", "Credential (.jwt)", "Badge (PNG)"])
      expect((await screen.findByRole("button", { name })).hasAttribute("disabled")).toBe(false);
    const linkedIn = screen.getByRole("link", { name: "Add to LinkedIn profile" }).getAttribute("href") ?? "";
    expect(linkedIn).toContain("https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME");
    expect(linkedIn).toContain("certId=ABCDEFGHJKLMNPQR");
  });

  it("disables the downloads of a suspended certificate and says so, in Spanish", async () => {
    server.use(list({ suspended_at: "2026-04-01T09:00:00.000Z" }));
    await renderPage(<CertificatesPage />, "/iu/profile/certificates/4", {
      path: "/iu/profile/certificates/:id?",
      language: "es",
    });
    expect((await screen.findByRole("button", { name: "Insignia (PNG)" })).hasAttribute("disabled")).toBe(
      true,
    );
    expect(screen.getByText("Suspendido")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Añadir al perfil de LinkedIn" })).toBeNull();
  });

  it("keeps the public page off until the learner chooses an address", async () => {
    server.use(
      list(),
      api.get("/iu/certificates-profile", myPublicProfile, { handle: null, url: null }),
      api.put("/iu/certificates-profile", myPublicProfile.extend({ message: z.string() }), ({ json }) => ({
        handle: (json as { handle: string }).handle,
        url: `https://aprendo.example/u/${(json as { handle: string }).handle}`,
        message: "Your public certificates page is on",
      })),
    );
    const { user } = await renderPage(<CertificatesPage />, "/iu/profile/certificates");
    expect(await screen.findByText(/^Off\./)).toBeTruthy();
    await user.type(screen.getByLabelText("Address"), "ana-real");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("link", { name: "https://aprendo.example/u/ana-real" })).toBeTruthy();
    expect(requests.find((r) => r.method === "PUT")?.body).toEqual({ handle: "ana-real" });
  });
});
