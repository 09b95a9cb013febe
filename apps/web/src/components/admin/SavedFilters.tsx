/**
 * Saved filters of a back-office list: the administrator names the current
 * filters, search and order (the list's address) and applies or deletes them later.
 *
 * Kept in this browser's localStorage, per administrator (username) and per page: a saved filter is
 * a personal view of a list, like a bookmark, not data anyone else reads, so it needs no table,
 * migration, API route or audit record, and works for every list whose state is in the address
 * (useUrlState) without a line per page. The cost: it does not follow the administrator to another
 * browser.
 */
import { Bookmark, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { useSession } from "../../stores/session";
import { Button, Dialog, Field, IconButton, Input, Select } from "../ui";

export type SavedFilter = { name: string; query: string };
type Store = Record<string, SavedFilter[]>;

const storageKey = (username: string) => `savedFilters:${username}`;
/** Paging is not a filter: page 3 of yesterday's list is not what a saved view means. */
const notSaved = new Set(["page", "cursor"]);

export function filterQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (!notSaved.has(key)) kept.append(key, value);
  kept.sort();
  return kept.toString();
}

function readStore(username: string): Store {
  try {
    const raw = localStorage.getItem(storageKey(username));
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    return parsed && typeof parsed === "object" ? (parsed as Store) : {};
  } catch (error) {
    // A damaged entry (edited by hand, another version) must not break the list page.
    console.warn("saved filters unreadable; starting empty", error);
    return {};
  }
}

/** The saved filters of one list for the logged-in administrator, and how to change them. */
export function useSavedFilters(list: string) {
  const username = useSession((s) => s.username) ?? "";
  const [store, setStore] = useState(() => readStore(username));
  const saved = store[list] ?? [];
  const write = (next: SavedFilter[]) => {
    const updated = { ...readStore(username), [list]: next };
    if (next.length === 0) delete updated[list];
    localStorage.setItem(storageKey(username), JSON.stringify(updated));
    setStore(updated);
  };
  return {
    saved,
    /** A new name adds a filter; an existing name (any case) replaces it. */
    save: (name: string, query: string) =>
      write(
        [...saved.filter((s) => s.name.toLowerCase() !== name.toLowerCase()), { name, query }].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      ),
    remove: (name: string) => write(saved.filter((s) => s.name !== name)),
  };
}

const adminAreas = /^\/(af|ha|ma)(\/|$)/;

/**
 * The saved-filters control at the end of a filters bar: a select that applies a saved set, Save
 * (names the current one) and Delete (the applied one). Drawn only on back-office pages, and only
 * when there is something to save or apply.
 */
export function SavedFilters() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { saved, save, remove } = useSavedFilters(pathname);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const current = filterQuery(params);
  const applied = saved.find((s) => s.query === current);
  if (!adminAreas.test(pathname) || (saved.length === 0 && !current)) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t("table.filterNameRequired"));
    save(trimmed.slice(0, 60), current);
    setOpen(false);
  };
  return (
    <div className="flex items-end gap-2 sm:ml-auto" data-testid="saved-filters">
      {saved.length > 0 && (
        <Field label={t("table.savedFilters")} className="min-w-0 flex-1 sm:w-60 sm:flex-none">
          <Select
            value={applied?.name ?? ""}
            onChange={(event) => {
              const chosen = saved.find((s) => s.name === event.target.value);
              if (chosen) setParams(new URLSearchParams(chosen.query), { replace: true });
            }}
            options={[
              { value: "", label: t("table.chooseSaved"), disabled: true },
              ...saved.map((s) => ({ value: s.name, label: s.name })),
            ]}
          />
        </Field>
      )}
      {applied && (
        <IconButton
          variant="danger"
          aria-label={t("table.deleteSaved", { name: applied.name })}
          title={t("table.deleteSaved", { name: applied.name })}
          icon={<Trash2 aria-hidden="true" />}
          onClick={() => remove(applied.name)}
        />
      )}
      {current && !applied && (
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            setName("");
            setError(undefined);
          }}
          trigger={
            <Button variant="secondary">
              <Bookmark aria-hidden="true" className="size-4" />
              {t("table.saveFilters")}
            </Button>
          }
          title={t("table.saveFiltersTitle")}
          description={t("table.saveFiltersText")}
          closeLabel={t("table.cancel")}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t("table.cancel")}
              </Button>
              <Button type="submit" form="save-filters">
                {t("table.save")}
              </Button>
            </>
          }
        >
          <form id="save-filters" noValidate onSubmit={submit}>
            <Field label={t("table.filterName")} error={error}>
              <Input
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
            </Field>
          </form>
        </Dialog>
      )}
    </div>
  );
}
