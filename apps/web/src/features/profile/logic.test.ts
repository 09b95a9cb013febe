import { describe, expect, it } from "vitest";
import {
  countryOptions,
  identityFileProblem,
  MAX_UPLOAD_BYTES,
  photoFileProblem,
  toFormValues,
} from "./logic";

describe("profile helpers", () => {
  it("accepts only .jpg/.jpeg photos up to 10 MB", () => {
    expect(photoFileProblem({ name: "me.jpg", size: 1000, type: "image/jpeg" })).toBeNull();
    expect(photoFileProblem({ name: "me.JPEG", size: 1000, type: "image/jpeg" })).toBeNull();
    expect(photoFileProblem({ name: "me.png", size: 1000, type: "image/png" })).toBe("type");
    expect(photoFileProblem({ name: "me.jpg", size: 1000, type: "image/png" })).toBe("type");
    expect(photoFileProblem({ name: "me.jpg", size: MAX_UPLOAD_BYTES + 1, type: "image/jpeg" })).toBe("size");
  });
  it("accepts images and PDFs as identity documents", () => {
    expect(identityFileProblem({ name: "id.pdf", size: 10, type: "application/pdf" })).toBeNull();
    expect(identityFileProblem({ name: "id.docx", size: 10, type: "application/msword" })).toBe("type");
    expect(identityFileProblem({ name: "id.png", size: MAX_UPLOAD_BYTES + 1, type: "image/png" })).toBe(
      "size",
    );
  });
  it("turns nulls into empty strings for the form", () => {
    expect(toFormValues({ a: null, b: "x", c: 2 }, ["a", "b", "c"])).toEqual({ a: "", b: "x", c: "2" });
  });
  it("names countries in the reader's language", () => {
    const es = countryOptions("es");
    expect(es.find((c) => c.value === "GB")?.label).toMatch(/Reino Unido/);
    expect(countryOptions("en").find((c) => c.value === "ES")?.label).toBe("Spain");
  });
});
