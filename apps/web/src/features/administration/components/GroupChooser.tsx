/** Choose permission groups: one checkbox per group, with its permission count; pending ones marked. */
import type { PermissionGroupItem } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge, Checkbox, Skeleton } from "../../../components/ui";
import { useAllGroups } from "../api";
import { pagesOpenedByIds } from "../flags";

export function GroupChooser({
  value,
  onChange,
  pending = [],
  legend,
  hint,
  error,
}: {
  value: readonly number[];
  onChange: (next: number[]) => void;
  pending?: readonly number[];
  legend: string;
  hint?: string;
  error?: string;
}) {
  const { t } = useTranslation("administration");
  const groups = useAllGroups();
  const rows: PermissionGroupItem[] = groups.data?.data ?? [];
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={hint ? "groups-hint" : undefined}>
      <legend className="text-base font-semibold text-fg">{legend}</legend>
      {hint && (
        <p id="groups-hint" className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {groups.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {t("invite.noGroups")}{" "}
          <Link to="/ha/permission-groups/create" className="font-medium text-primary hover:underline">
            {t("invite.createGroup")}
          </Link>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {rows.map((group) => {
            const pages = pagesOpenedByIds(group.permissions);
            return (
              <li
                key={group.id}
                className="flex items-start justify-between gap-2 rounded-lg border border-border bg-surface px-3 py-1"
              >
                <Checkbox
                  name="group"
                  data-group={group.name}
                  checked={value.includes(group.id)}
                  onChange={(event) =>
                    onChange(
                      event.currentTarget.checked
                        ? [...new Set([...value, group.id])]
                        : value.filter((id) => id !== group.id),
                    )
                  }
                  label={group.name}
                  description={[
                    t("groups.permissionsCount", { count: group.permissions.length }),
                    pages.length > 4
                      ? `${pages
                          .slice(0, 3)
                          .map((p) => t(`pages.${p}`))
                          .join(", ")} ${t("picker.more", { count: pages.length - 3 })}`
                      : pages.map((p) => t(`pages.${p}`)).join(", "),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
                {pending.includes(group.id) && (
                  <Badge tone="warning" className="mt-2 shrink-0">
                    {t("picker.waiting")}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && <p className="text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
