/**
 * The learner's global search: a text and a source (all, courses, products). Submitting does nothing
 * when the text is empty or the same search is already shown (spec section 2).
 */
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { cn } from "../../../lib/cn";
import { useSafeNavigate } from "../../../lib/navigation";
import { normalizeSource, searchTarget, shownSearch } from "../logic";

export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation("shell");
  const location = useLocation();
  const navigate = useSafeNavigate();
  const shown = shownSearch(location.pathname, location.search);
  const [text, setText] = useState(shown?.q ?? "");
  const [source, setSource] = useState<string>(shown?.source ?? "all");
  const id = useId();

  // The results page's address is the truth: going back or forward shows its search in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address values, not the object
  useEffect(() => {
    if (!shown) return;
    setText(shown.q);
    setSource(shown.source);
  }, [shown?.q, shown?.source]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = searchTarget({ text, source }, shown);
    if (target) navigate(target);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not announced by every screen reader yet
    <form
      role="search"
      aria-label={t("search.label")}
      onSubmit={submit}
      className={cn(
        "flex h-11 w-full items-stretch overflow-hidden rounded-full border border-border-strong bg-surface focus-ring-within sm:h-10",
        className,
      )}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        {t("search.text")}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("search.placeholder")}
        className="min-w-0 flex-1 bg-transparent pl-4 text-base text-fg outline-none placeholder:text-fg-muted sm:text-sm"
        data-testid="search-text"
      />
      <label htmlFor={`${id}-source`} className="sr-only">
        {t("search.source")}
      </label>
      <select
        id={`${id}-source`}
        value={normalizeSource(source)}
        onChange={(event) => setSource(event.target.value)}
        className="cursor-pointer border-l border-border bg-transparent px-2 text-sm text-fg-muted outline-none hover:text-fg"
        data-testid="search-source"
      >
        <option value="all">{t("search.all")}</option>
        <option value="courses">{t("search.courses")}</option>
        <option value="products">{t("search.products")}</option>
      </select>
      <button
        type="submit"
        aria-label={t("search.submit")}
        className="flex w-11 shrink-0 items-center justify-center bg-primary text-primary-fg hover:bg-primary-hover"
      >
        <Search aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}
