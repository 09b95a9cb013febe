/**
 * The promo bar as learners will see it, drawn from the values being edited (the same layout as
 * the shell's banner), so colours and texts can be judged before saving.
 */
import type { PromoBarValue } from "@aprendo/contract";

/** Black or white, whichever reads better on a #rrggbb background. */
export function readableOn(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return "#111827";
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number.parseInt(c!, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? "#111827" : "#ffffff";
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
    if (!m) return 0;
    const [r, g, bl] = [m[1], m[2], m[3]].map((c) => {
      const v = Number.parseInt(c!, 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const isHex = (v: string) => /^#[0-9a-f]{6}$/i.test(v.trim());

export function PromoBarPreview({
  value,
  enabled,
  label,
  hiddenLabel,
}: {
  value: PromoBarValue;
  enabled: boolean;
  label: string;
  hiddenLabel: string;
}) {
  const left = isHex(value.bannerBgColorLeft) ? value.bannerBgColorLeft : "#3730a3";
  const right = isHex(value.bannerBgColorRight) ? value.bannerBgColorRight : "#0f766e";
  const text = isHex(value.bannerTextColor) ? value.bannerTextColor : "#ffffff";
  const chip = isHex(value.bannerPlaceholderBgColor) ? value.bannerPlaceholderBgColor : "#fbbf24";
  return (
    <figure className="sticky top-0 z-10 -mx-1 flex flex-col gap-2 bg-surface px-1 pb-2">
      <figcaption className="text-sm font-medium text-fg">{label}</figcaption>
      <div className={enabled ? "" : "opacity-50 grayscale"}>
        <div
          data-testid="promo-preview"
          className="flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-center text-sm shadow-sm"
          style={{ backgroundImage: `linear-gradient(90deg, ${left}, ${right})`, color: text }}
        >
          <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
            <span className="font-semibold">{value.bannerFirstText}</span>
            {value.bannerSecondText && <span>{value.bannerSecondText}</span>}
            {value.bannerPlaceholder && (
              <span
                className="rounded-full px-2.5 py-0.5 font-mono text-xs font-bold tracking-wide"
                style={{ backgroundColor: chip, color: readableOn(chip) }}
              >
                {value.bannerPlaceholder}
              </span>
            )}
          </p>
        </div>
      </div>
      {!enabled && <p className="text-xs text-fg-muted">{hiddenLabel}</p>}
    </figure>
  );
}
