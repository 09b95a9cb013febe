/** A search box that reports what was typed after a short pause (and at once on Enter). */
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { Input } from "../ui";

export type SearchInputProps = {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  delayMs?: number;
  maxLength?: number;
  /** The input's id, when a visible <label> (e.g. Field) names it. */
  id?: string;
  className?: string;
};

export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  delayMs = 350,
  maxLength = 100,
  id,
  className,
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const sent = useRef(value);

  // The address may change under the box (Back, a tab): follow it.
  useEffect(() => {
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      latest.current(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className={cn("relative min-w-0 flex-1", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
      />
      <Input
        type="search"
        id={id}
        aria-label={id ? undefined : label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            sent.current = text.trim();
            latest.current(text.trim());
          }
        }}
        className="pl-9"
      />
    </div>
  );
}
