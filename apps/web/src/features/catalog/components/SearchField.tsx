/** A search box that filters a list as the learner types (debounced), kept in the address as `?q=`. */
import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton, Input } from "../../../components/ui";
import { cn } from "../../../lib/cn";

export function SearchField({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const { t } = useTranslation("catalog");
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <search className={cn("relative block", className)}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
      />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder={t("search.placeholder")}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") onChange(text.trim());
        }}
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <IconButton
          aria-label={t("search.clear")}
          icon={<X />}
          size="sm"
          className="absolute top-1/2 right-1 -translate-y-1/2"
          onClick={() => {
            setText("");
            onChange("");
          }}
        />
      )}
    </search>
  );
}
