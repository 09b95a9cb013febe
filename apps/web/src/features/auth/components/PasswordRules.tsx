import { limits } from "@aprendo/contract/domain";
import { Check, Circle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";

/** The password format of spec section 5 as a live checklist under the new-password field. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation("auth");
  const rules = [
    { key: "length", ok: value.length >= limits.passwordMin && value.length <= limits.passwordMax },
    { key: "lower", ok: /[a-z]/.test(value) },
    { key: "upper", ok: /[A-Z]/.test(value) },
    { key: "number", ok: /[0-9]/.test(value) },
    { key: "symbol", ok: /[^A-Za-z0-9]/.test(value) },
  ] as const;
  return (
    <ul id={id} className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-fg-muted min-[400px]:grid-cols-2">
      {rules.map((rule) => (
        <li key={rule.key} className={cn("flex items-center gap-1.5", rule.ok && "text-success")}>
          {rule.ok ? (
            <Check aria-hidden="true" className="size-3.5" />
          ) : (
            <Circle aria-hidden="true" className="size-3.5" />
          )}
          <span>
            {t(`password.rules.${rule.key}`, { min: limits.passwordMin })}
            <span className="sr-only">{rule.ok ? ` ${t("password.ruleMet")}` : ""}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
