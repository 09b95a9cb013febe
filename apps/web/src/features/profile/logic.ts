/** Pure helpers of the profile pages (no React): file checks before upload, what the status means. */
import { limits } from "@aprendo/contract/domain";

export const MAX_UPLOAD_BYTES = limits.photoMaxBytes;

export type Missing = "profile" | "photo" | "identity";
export type VerificationStatus = "pending" | "processing" | "failed" | "completed";

/** The photo is checked again by content on the server; the browser stops the obvious mistakes. */
export function photoFileProblem(file: { name: string; size: number; type: string }): "type" | "size" | null {
  const byName = /\.(jpe?g)$/i.test(file.name);
  const byType = file.type === "" || file.type === "image/jpeg";
  if (!byName || !byType) return "type";
  if (file.size > MAX_UPLOAD_BYTES) return "size";
  return null;
}

export function identityFileProblem(file: {
  name: string;
  size: number;
  type: string;
}): "type" | "size" | null {
  const ok =
    /^(image\/(jpeg|png|webp)|application\/pdf)$/.test(file.type) ||
    /\.(jpe?g|png|webp|pdf)$/i.test(file.name);
  if (!ok) return "type";
  if (file.size > MAX_UPLOAD_BYTES) return "size";
  return null;
}

export const statusTone: Record<VerificationStatus, "neutral" | "info" | "danger" | "success"> = {
  pending: "neutral",
  processing: "info",
  failed: "danger",
  completed: "success",
};

/** Empty strings for nulls, so the form starts with controlled inputs. */
export function toFormValues<T extends Record<string, unknown>>(profile: T, fields: readonly (keyof T)[]) {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = profile[f];
    out[f as string] = v === null || v === undefined ? "" : String(v);
  }
  return out;
}

export { countryOptions } from "../../lib/countries";
