/** A guest checks a shared credential (uploaded or pasted) and reads the verdict, in both languages. */
import { credentialVerification } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import VerifyCredentialPage from "./VerifyCredentialPage";

const verdict = {
  format: "jwt" as const,
  signature: "valid" as const,
  status: "valid" as const,
  code: "ABCDEFGHJKLMNPQR",
  issuer: { id: "did:web:aprendo.example", name: "Aprendo" },
  learner_name: "Ana Real",
  achievement: "Spanish for beginners",
  kind: "title" as const,
  valid_from: "2026-03-05T10:00:00.000Z",
  revoked_at: null,
  suspended_at: null,
};

describe("the public credential check", () => {
  it("verifies an uploaded baked PNG and shows the signature, the learner and the achievement", async () => {
    server.use(api.post("/credentials/verify", credentialVerification, verdict));
    const { user } = await renderPage(<VerifyCredentialPage />, "/certificates/verify");
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
      "badge.png",
      {
        type: "image/png",
      },
    );
    await user.upload(await screen.findByLabelText("Credential file"), png);
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Valid credential");
    expect(screen.getByText("Ana Real")).toBeTruthy();
    expect(screen.getByText(/Spanish for beginners/)).toBeTruthy();
    expect(screen.getByText("5 March 2026")).toBeTruthy();
    const sent = requests.find((r) => r.path === "/api/credentials/verify")?.body as { png?: string };
    expect(sent.png).toBe(btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3)));
  });

  it("shows a pasted revoked credential as revoked with the date, in Spanish", async () => {
    server.use(
      api.post("/credentials/verify", credentialVerification, {
        ...verdict,
        status: "revoked",
        revoked_at: "2026-04-01T09:00:00.000Z",
      }),
    );
    const { user } = await renderPage(<VerifyCredentialPage />, "/certificates/verify", { language: "es" });
    await user.type(await screen.findByLabelText("O pega un JWT"), "eyJhbGciOiJFZERTQSJ9.e30.sig");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "Esta credencial ha sido revocada",
    );
    expect(screen.getByText("Revocado el")).toBeTruthy();
    expect(screen.getByText("1 de abril de 2026")).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({ jwt: "eyJhbGciOiJFZERTQSJ9.e30.sig" });
  });

  it("says plainly when the content was altered", async () => {
    server.use(
      api.post("/credentials/verify", credentialVerification, {
        ...verdict,
        signature: "invalid",
        status: "unknown",
        code: null,
      }),
    );
    const { user } = await renderPage(<VerifyCredentialPage />, "/certificates/verify");
    await user.type(await screen.findByLabelText("Or paste a JWT"), "forged.jwt.value");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "This credential is not valid");
    expect(screen.getByText("Not valid")).toBeTruthy();
  });
});
