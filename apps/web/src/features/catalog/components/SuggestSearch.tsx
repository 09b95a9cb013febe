/**
 * The catalogue's search box with suggestions as you type (WAI-ARIA combobox with a listbox popup):
 * the text is debounced before asking the server; Up/Down move through the titles suggested, Enter
 * opens the highlighted title or searches the text, Escape closes the list (and then clears it).
 */
import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton, Input } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { useSuggestions } from "../api";

export function SuggestSearch({
  value,
  onSearch,
  onOpen,
  className,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** A suggested title was chosen. */
  onOpen: (id: number) => void;
  className?: string;
}) {
  const { t } = useTranslation("catalog");
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => setText(value), [value]);
  // Debounced: the server is asked once the visitor pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setTyped(text.trim());
      setActive(-1);
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useSuggestions(typed);
  const items = typed.length >= 2 ? (suggestions.data ?? []) : [];
  const expanded = open && items.length > 0;

  const submit = () => {
    setOpen(false);
    onSearch(text.trim());
  };
  return (
    <search className={cn("relative block", className)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t("search.label")}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          maxLength={100}
          placeholder={t("search.placeholder")}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && items.length) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % items.length);
            } else if (event.key === "ArrowUp" && items.length) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
            } else if (event.key === "Enter" && expanded && active >= 0) {
              event.preventDefault();
              const chosen = items[active];
              setOpen(false);
              if (chosen) onOpen(chosen.id);
            } else if (event.key === "Escape") {
              if (expanded) setOpen(false);
              else if (text) {
                setText("");
                onSearch("");
              }
            }
          }}
          className="pr-10 pl-9"
        />
        {text && (
          <IconButton
            aria-label={t("search.clear")}
            icon={<X />}
            size="sm"
            className="absolute top-1/2 right-1 -translate-y-1/2"
            onClick={() => {
              setText("");
              onSearch("");
            }}
          />
        )}
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label={t("catalogue.suggestions")}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-lg border border-border bg-surface-raised py-1 shadow-lg"
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: combobox options stay unfocused; the input points at the active one (aria-activedescendant)
          <div
            key={item.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              setOpen(false);
              onOpen(item.id);
            }}
            onMouseEnter={() => setActive(index)}
            className={cn(
              "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-fg",
              index === active && "bg-surface-muted",
            )}
          >
            <Search aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
            {item.title}
          </div>
        ))}
      </div>
      <p className="sr-only" role="status">
        {expanded ? t("catalogue.suggestionsCount", { count: items.length }) : ""}
      </p>
    </search>
  );
}
