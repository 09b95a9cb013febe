/** /af/institutions: schools and companies whose learners are grouped in classes. */
import type { Institution, InstitutionInput } from "@aprendo/contract";
import { Building2, Plus, SearchX, UsersRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  EditDeleteActions,
  listTexts,
  pageNumber,
  pagingTexts,
  SearchFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Badge, Button, Dialog, EmptyState, Field, Input, Select, TableCell } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { perPage, useDeleteInstitution, useInstitutions, useSaveInstitution } from "../api";
import { countryName } from "../components/format";
import { formErrors, hasFieldErrors } from "../components/useFormErrors";

const defaults = { search: "", page: "1", sort: "" };

/** The editor's fields as typed: "" for an empty optional field, which the API reads as none. */
type InstitutionForm = Required<{ [K in keyof InstitutionInput]: string }> & {
  kind: InstitutionInput["kind"];
};

function InstitutionEditor({ institution, onDone }: { institution: Institution | null; onDone: () => void }) {
  const { t } = useTranslation("backoffice");
  const save = useSaveInstitution(institution?.id ?? null);
  const [form, setForm] = useState<InstitutionForm>({
    name: institution?.name ?? "",
    kind: institution?.kind ?? "school",
    country: institution?.country ?? "",
    city: institution?.city ?? "",
    contact_email: institution?.contact_email ?? "",
  });
  const errors = formErrors(save.error);
  const set = (patch: Partial<InstitutionForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(form, {
          onSuccess: (r) => {
            showSuccess(r.message);
            onDone();
          },
          onError: (e) => !hasFieldErrors(e) && showError(e),
        });
      }}
    >
      <Field label={t("institutions.name")} required error={errors.name}>
        <Input value={form.name} maxLength={120} onChange={(e) => set({ name: e.target.value })} />
      </Field>
      <Field label={t("institutions.kind")} error={errors.kind}>
        <Select
          value={form.kind}
          onChange={(e) => set({ kind: e.target.value as InstitutionForm["kind"] })}
          options={["school", "company", "other"].map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t("institutions.country")} error={errors.country}>
          <Input
            value={form.country}
            placeholder={t("users.countryHint")}
            maxLength={2}
            className="uppercase placeholder:normal-case"
            onChange={(e) => set({ country: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field label={t("institutions.city")} error={errors.city}>
          <Input value={form.city} maxLength={100} onChange={(e) => set({ city: e.target.value })} />
        </Field>
      </div>
      <Field label={t("institutions.contact")} error={errors.contact_email}>
        <Input
          type="email"
          value={form.contact_email}
          maxLength={254}
          onChange={(e) => set({ contact_email: e.target.value })}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

export default function InstitutionsPage() {
  const { t, i18n } = useTranslation("backoffice");
  const canEdit = useSession((s) => s.permissions.includes("isUserManager"));
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const list = useInstitutions({ search: state.search, sort: state.sort, page });
  const remove = useDeleteInstitution();
  const [editing, setEditing] = useState<Institution | "new" | null>(null);
  const create = canEdit ? (
    <Button onClick={() => setEditing("new")}>
      <Plus aria-hidden="true" className="size-4" />
      {t("institutions.create")}
    </Button>
  ) : undefined;
  return (
    <AdminListPage
      title={t("institutions.title")}
      subtitle={t("institutions.subtitle")}
      actions={
        <span className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link to="/af/classes-overview">
              <UsersRound aria-hidden="true" className="size-4" />
              {t("classes.title")}
            </Link>
          </Button>
          {create}
        </span>
      }
      filters={
        <SearchFilter
          label={t("institutions.search")}
          placeholder={t("institutions.searchPlaceholder")}
          value={state.search}
          onSearch={(search) => update({ search })}
        />
      }
      query={list}
      sort={urlSort(state, update)}
      rows={list.data?.data ?? []}
      texts={listTexts(t)}
      empty={
        <EmptyState
          icon={state.search ? <SearchX /> : <Building2 />}
          title={state.search ? t("institutions.noMatch") : t("institutions.empty")}
          text={state.search ? undefined : t("institutions.emptyText")}
          action={state.search ? undefined : create}
        />
      }
      columns={[
        { header: t("institutions.name"), sortKey: "name" },
        { header: t("institutions.kind"), sortKey: "kind" },
        { header: t("institutions.place"), className: "max-md:hidden", sortKey: "city" },
        { header: t("institutions.classes"), align: "right", sortKey: "classes" },
        {
          header: t("institutions.learners"),
          align: "right",
          className: "max-sm:hidden",
          sortKey: "learners",
        },
      ]}
      cells={(row) => (
        <>
          <TableCell className="max-w-64">
            <span className="flex flex-col gap-0.5">
              <span className="font-medium text-fg">{row.name}</span>
              {row.contact_email && (
                <span className="truncate text-xs text-fg-muted">{row.contact_email}</span>
              )}
            </span>
          </TableCell>
          <TableCell>
            <Badge tone={row.kind === "school" ? "info" : row.kind === "company" ? "accent" : "neutral"}>
              {t(`kinds.${row.kind}`)}
            </Badge>
          </TableCell>
          <TableCell className="max-md:hidden">
            {[row.city, row.country ? countryName(row.country, i18n.language) : null]
              .filter(Boolean)
              .join(", ") || "—"}
          </TableCell>
          <TableCell align="right">
            <Link
              to={`/af/classes-overview?institution=${row.id}`}
              className="font-medium text-primary tabular-nums hover:underline"
              aria-label={t("institutions.classesOf", { count: row.classes, name: row.name })}
            >
              {row.classes}
            </Link>
          </TableCell>
          <TableCell align="right" className="tabular-nums max-sm:hidden">
            {row.learners}
          </TableCell>
        </>
      )}
      rowActions={
        canEdit
          ? (row) => (
              <EditDeleteActions
                edit={{
                  onClick: () => setEditing(row),
                  label: t("editOne", { name: row.name }),
                  text: t("edit"),
                }}
                remove={{
                  label: t("deleteOne", { name: row.name }),
                  title: t("institutions.deleteTitle"),
                  description: t("institutions.deleteText", { name: row.name, count: row.classes }),
                  confirmLabel: t("delete"),
                  cancelLabel: t("cancel"),
                  onDelete: () => remove.mutateAsync(row.id),
                }}
              />
            )
          : undefined
      }
      paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t))}
    >
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? t("institutions.create") : t("institutions.edit")}
        closeLabel={t("close")}
      >
        {editing !== null && (
          <InstitutionEditor
            institution={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
    </AdminListPage>
  );
}
