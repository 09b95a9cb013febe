/**
 * The promo banner (spec sections 1 and 3): shown when the `promo_bar` configuration entry has
 * status 1, coloured by its value fields, with the documented defaults for any missing field.
 * It can be closed for the rest of the visit.
 */
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Content } from "../../../components/ui";
import { pickOptional } from "../../../lib/contentLanguage";
import { useSession } from "../../../stores/session";
import { useConfiguration } from "../api";

export type PromoBarValue = Partial<{
  bannerFirstText: string;
  bannerSecondText: string;
  bannerFirstTextEs: string;
  bannerSecondTextEs: string;
  bannerPlaceholder: string;
  bannerBgColorLeft: string;
  bannerBgColorRight: string;
  bannerPlaceholderBgColor: string;
  bannerTextColor: string;
}>;

export const promoDefaults = {
  bannerBgColorLeft: "#3730a3",
  bannerBgColorRight: "#0f766e",
  bannerPlaceholder: "WELCOME10",
  bannerPlaceholderBgColor: "#fbbf24",
  bannerTextColor: "#ffffff",
} as const;

const colour = (value: string | undefined, fallback: string) =>
  value && /^#[0-9a-f]{3,8}$|^rgba?\([\d\s.,%]+\)$/i.test(value.trim()) ? value.trim() : fallback;

/** Black or white, whichever reads better on a #rrggbb background (the chip's colour is configurable). */
export function readableOn(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return "#111827";
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number.parseInt(c!, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.18 ? "#111827" : "#ffffff";
}

const DISMISS_KEY = "promoBarClosed";

/**
 * One of the bar's texts in the reader's language (the Spanish one when written, else the English
 * one, marked so), or the product's default text when none is configured.
 */
function BarText({
  text,
  fallback,
  className,
}: {
  text?: { text: string; lang: string };
  fallback: string;
  className?: string;
}) {
  return (
    <Content lang={text?.lang} className={className}>
      {text?.text ?? fallback}
    </Content>
  );
}

export function PromoBanner() {
  const { t, i18n } = useTranslation("shell");
  const entry = useConfiguration<PromoBarValue>("promo_bar");
  // Offers and discount codes are for the adults who pay, not for child accounts.
  const child = useSession((s) => s.isChild);
  const [closed, setClosed] = useState(() => {
    try {
      return sessionStorage.getItem(DISMISS_KEY) === "1";
    } catch {
      return false;
    }
  });
  if (child || closed || entry.data?.status !== 1) return null;
  const value = entry.data.value ?? {};
  const left = colour(value.bannerBgColorLeft, promoDefaults.bannerBgColorLeft);
  const right = colour(value.bannerBgColorRight, promoDefaults.bannerBgColorRight);
  const text = colour(value.bannerTextColor, promoDefaults.bannerTextColor);
  const chip = colour(value.bannerPlaceholderBgColor, promoDefaults.bannerPlaceholderBgColor);
  const placeholder = value.bannerPlaceholder ?? promoDefaults.bannerPlaceholder;
  return (
    <aside
      aria-label={t("promo.label")}
      data-testid="promo-banner"
      className="relative flex min-h-10 items-center justify-center px-12 py-2 text-center text-sm"
      style={{ backgroundImage: `linear-gradient(90deg, ${left}, ${right})`, color: text }}
    >
      <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
        <BarText
          className="font-semibold"
          text={pickOptional(i18n.language, value.bannerFirstText, value.bannerFirstTextEs)}
          fallback={t("promo.firstText")}
        />
        <BarText
          text={pickOptional(i18n.language, value.bannerSecondText, value.bannerSecondTextEs)}
          fallback={t("promo.secondText")}
        />
        {placeholder && (
          <span
            className="rounded-full px-2.5 py-0.5 font-mono text-xs font-bold tracking-wide"
            style={{ backgroundColor: chip, color: readableOn(chip) }}
          >
            {placeholder}
          </span>
        )}
      </p>
      <button
        type="button"
        aria-label={t("promo.close")}
        onClick={() => {
          setClosed(true);
          try {
            sessionStorage.setItem(DISMISS_KEY, "1");
          } catch {
            // Closed for this page only.
          }
        }}
        className="absolute right-1 flex size-11 items-center justify-center rounded-md opacity-90 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current sm:size-9"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
