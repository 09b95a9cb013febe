/**
 * Choosing 1-5 stars: five native radio buttons (arrow keys move between them, one Tab stop) drawn
 * as stars; each is named "3 stars", and the stars up to the chosen one light up.
 */
import { Star } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";

export function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const { t } = useTranslation("reviews");
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-fg">{t("form.rating")}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="group relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="peer sr-only"
            />
            <span className="sr-only">{t("form.starOption", { count: star })}</span>
            <Star
              aria-hidden="true"
              className={cn(
                "size-8 rounded-sm p-0.5 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-ring",
                star <= value ? "fill-current text-warning" : "text-fg-muted",
              )}
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
