/** Pure helpers of the certificate pages. */
import { dateLanguage, formatLongDate } from "../../lib/format";

export function formatDay(iso: string, language: string) {
  return formatLongDate(iso, dateLanguage(language));
}

/** The certificate to show for `/iu/profile/certificates/:id?`: the id when it is the learner's, else none. */
export function selectedCertificate<T extends { id: number }>(
  list: T[],
  id: string | undefined,
): T | null | "missing" {
  if (!id) return null;
  const n = Number(id);
  return list.find((c) => c.id === n) ?? "missing";
}

export function pdfName(item: string, code: string) {
  const slug = item
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `certificate-${slug || "item"}-${code}.pdf`;
}

/**
 * LinkedIn's documented "Add to profile" link for a certification: the form opens filled in with
 * the name, the issuing organisation, the issue month and year, the credential id and its URL.
 */
export function linkedInUrl(
  c: { item: string; issued_at: string; code: string; verify_url: string },
  organisation: string,
) {
  const issued = new Date(c.issued_at);
  const query = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: c.item,
    organizationName: organisation,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.verify_url,
    certId: c.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/** The file name of a credential download, after the PDF's: `certificate-<item>-<code>.<ext>`. */
export function credentialName(item: string, code: string, ext: "json" | "jwt" | "png") {
  return pdfName(item, code)
    .replace(/\.pdf$/, `.${ext}`)
    .replace(/^certificate-/, ext === "png" ? "badge-" : "certificate-");
}

/**
 * What the verify page sends for a chosen file: a PNG as base64 (the server reads its baked
 * credential), anything else as its text (a compact JWT or the JSON credential).
 */
export async function credentialFromFile(file: File): Promise<{ png: string } | { jwt: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isPng =
    bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  if (!isPng) return { jwt: new TextDecoder().decode(bytes) };
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { png: btoa(binary) };
}
