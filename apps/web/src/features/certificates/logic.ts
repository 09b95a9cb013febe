/** Pure helpers of the certificate pages. */
import { dateLanguage, formatLongDate } from "../../lib/dates";

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
