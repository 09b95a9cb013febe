/**
 * The one file-size text of the web app: SI units (1 kB = 1000 bytes, as the upload limits are
 * written) and a spelled-out plural under a kilobyte ("1 byte", "416 bytes", never "416 byte").
 */
export function formatFileSize(bytes: number, language: string | undefined): string {
  const locale = language === "es" ? "es-ES" : "en-GB";
  const size = Math.max(0, bytes);
  if (size < 1000)
    return new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(size);
  const [value, unit] = size >= 1_000_000 ? [size / 1_000_000, "megabyte"] : [size / 1000, "kilobyte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
