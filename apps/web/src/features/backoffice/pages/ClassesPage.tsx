/**
 * /af/classes-overview: classes of learners by institution. Opening a class shows its members (add
 * them by username or email, remove them) and its titles; enrolling the class in a title enrols
 * every member, and members who join later.
 */
import type { LearnerClass } from "@aprendo/contract";
import { BookPlus, Plus, SearchX, UserMinus, UsersRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminTable,
  FiltersBar,
  listTexts,
  pagingTexts,
  SearchInput,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Button,
  Container,
  Dialog,
  Drawer,
  EmptyState,
  Field,
  IconButton,
  Input,
  PageHeader,
  Select,
  Skeleton,
  TableCell,
  Textarea,
} from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import {
  perPage,
  useAddMembers,
  useClass,
  useClasses,
  useCourseOptions,
  useEnrolClass,
  useInstitutions,
  useRemoveMember,
  useSaveClass,
} from "../api";
import { formErrors, hasFieldErrors } from "../components/useFormErrors";

const defaults = { search: "", institution: "", page: "1", sort: "" };

function useInstitutionOptions() {
  const list = useInstitutions({ search: "", page: 1, per_page: 100 });
  return (list.data?.data ?? []).map((i) => ({ value: String(i.id), label: i.name }));
}

function ClassEditor({
  initialInstitution,
  onDone,
}: {
  initialInstitution: string;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation("backoffice");
  const options = useInstitutionOptions();
  const save = useSaveClass(null);
  const [name, setName] = useState("");
  const [institution, setInstitution] = useState(initialInstitution);
  const errors = formErrors(save.error);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { name, institution_id: Number(institution) },
          {
            onSuccess: (r) => {
              showSuccess(r.message);
              onDone(r.data.id);
            },
            onError: (e) => !hasFieldErrors(e) && showError(e),
          },
        );
      }}
    >
      <Field label={t("classes.institution")} required error={errors.institution_id}>
        <Select
          value={institution}
          placeholder={t("classes.chooseInstitution")}
          onChange={(e) => setInstitution(e.target.value)}
          options={options}
        />
      </Field>
      <Field label={t("classes.name")} required error={errors.name}>
        <Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t("classes.create")}
        </Button>
      </div>
    </form>
  );
}

function ClassPanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const permissions = useSession((s) => s.permissions);
  const canManage = permissions.includes("isUserManager");
  const canEnrol = canManage || permissions.includes("isCourseManager");
  const detail = useClass(id);
  const courses = useCourseOptions(canEnrol);
  const add = useAddMembers(id);
  const remove = useRemoveMember(id);
  const enrol = useEnrolClass(id);
  const [identifiers, setIdentifiers] = useState("");
  const [course, setCourse] = useState("");
  const [notFound, setNotFound] = useState<string[]>([]);

  if (detail.isPending) return <Skeleton className="h-64" />;
  if (!detail.data) return null;
  const data = detail.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg-muted">{data.institution}</p>
      <section className="flex flex-col gap-3" aria-labelledby="class-titles">
        <h3 id="class-titles" className="text-base font-semibold text-fg">
          {t("classes.titles")}
        </h3>
        {data.course_list.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("classes.noTitles")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {data.course_list.map((c) => (
              <li key={c.id} className="flex justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-medium text-fg">{c.title}</span>
                <span className="shrink-0 text-xs text-fg-muted">{formatDate(c.enrolled_at, language)}</span>
              </li>
            ))}
          </ul>
        )}
        {canEnrol && (
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (!course) return;
              enrol.mutate(Number(course), {
                onSuccess: (r) => {
                  showSuccess(r.message);
                  setCourse("");
                },
                onError: showError,
              });
            }}
          >
            <Field label={t("classes.enrolIn")} className="min-w-0 flex-1">
              <Select
                value={course}
                placeholder={t("classes.chooseTitle")}
                onChange={(e) => setCourse(e.target.value)}
                options={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
              />
            </Field>
            <Button type="submit" loading={enrol.isPending} disabled={!course}>
              <BookPlus aria-hidden="true" className="size-4" />
              {t("classes.enrol")}
            </Button>
          </form>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="class-members">
        <h3 id="class-members" className="text-base font-semibold text-fg">
          {t("classes.membersCount", { count: data.member_list.length })}
        </h3>
        {canManage && (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const list = identifiers
                .split(/[\s,;]+/)
                .map((v) => v.trim())
                .filter(Boolean);
              if (list.length === 0) return;
              add.mutate(list, {
                onSuccess: (r) => {
                  showSuccess(r.message);
                  setNotFound(r.not_found);
                  setIdentifiers(r.not_found.join("\n"));
                },
                onError: showError,
              });
            }}
          >
            <Field label={t("classes.addMembers")} hint={t("classes.addMembersHint")}>
              <Textarea value={identifiers} rows={3} onChange={(e) => setIdentifiers(e.target.value)} />
            </Field>
            {notFound.length > 0 && (
              <p className="text-sm text-danger" role="alert">
                {t("classes.notFound", { list: notFound.join(", ") })}
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" variant="secondary" loading={add.isPending}>
                <Plus aria-hidden="true" className="size-4" />
                {t("classes.add")}
              </Button>
            </div>
          </form>
        )}
        {data.member_list.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("classes.noMembers")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {data.member_list.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium text-fg">{m.name || m.username}</span>
                  <span className="truncate text-xs text-fg-muted">
                    @{m.username}
                    {m.email ? ` · ${m.email}` : ""}
                  </span>
                </span>
                {canManage && (
                  <IconButton
                    size="sm"
                    variant="ghost"
                    icon={<UserMinus />}
                    aria-label={t("classes.remove", { name: m.name || m.username })}
                    onClick={() =>
                      remove.mutate(m.id, { onSuccess: (r) => showSuccess(r.message), onError: showError })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function ClassesPage() {
  const { t } = useTranslation("backoffice");
  const canManage = useSession((s) => s.permissions.includes("isUserManager"));
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useClasses({ search: state.search, institution: state.institution, sort: state.sort, page });
  const institutions = useInstitutionOptions();
  const [open, setOpen] = useState<LearnerClass | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = list.data?.data ?? [];
  const filtered = state.search !== "" || state.institution !== "";
  const create = canManage ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("classes.create")}
    </Button>
  ) : undefined;
  const shownId = open?.id ?? openId;
  // The same query as the panel's (cached): names a class opened right after it was created.
  const shown = useClass(shownId);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("classes.title")} subtitle={t("classes.subtitle")} actions={create} />
      <FiltersBar>
        <Field label={t("classes.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("classes.search")}
              placeholder={t("classes.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("classes.institution")} className="sm:w-64">
          <Select
            value={state.institution}
            onChange={(e) => update({ institution: e.target.value })}
            options={[{ value: "", label: t("classes.allInstitutions") }, ...institutions]}
          />
        </Field>
      </FiltersBar>
      <AdminTable
        caption={t("classes.title")}
        query={list}
        sort={urlSort(state, update)}
        rows={rows}
        texts={listTexts(t)}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <UsersRound />}
            title={filtered ? t("classes.noMatch") : t("classes.empty")}
            text={filtered ? undefined : t("classes.emptyText")}
            action={filtered ? undefined : create}
          />
        }
        columns={[
          { header: t("classes.name"), sortKey: "name" },
          { header: t("classes.institution"), className: "max-sm:hidden", sortKey: "institution" },
          { header: t("classes.members"), align: "right", sortKey: "members" },
          { header: t("classes.titles"), align: "right", sortKey: "courses" },
        ]}
        cells={(row) => (
          <>
            <TableCell>
              <button
                type="button"
                onClick={() => setOpen(row)}
                className="rounded-sm text-left font-medium text-primary hover:underline focus-ring"
              >
                {row.name}
              </button>
              <span className="block text-xs text-fg-muted sm:hidden">{row.institution}</span>
            </TableCell>
            <TableCell className="max-sm:hidden">{row.institution}</TableCell>
            <TableCell align="right" className="tabular-nums">
              {row.members}
            </TableCell>
            <TableCell align="right" className="tabular-nums">
              {row.courses}
            </TableCell>
          </>
        )}
        paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t))}
      />
      <Dialog open={creating} onOpenChange={setCreating} title={t("classes.create")} closeLabel={t("close")}>
        {creating && (
          <ClassEditor
            initialInstitution={state.institution}
            onDone={(id) => {
              setCreating(false);
              setOpenId(id);
            }}
          />
        )}
      </Dialog>
      <Drawer
        side="right"
        open={shownId !== null}
        onOpenChange={(next) => {
          if (!next) {
            setOpen(null);
            setOpenId(null);
          }
        }}
        title={shown.data?.name ?? open?.name ?? t("classes.class")}
        closeLabel={t("close")}
        className="w-full sm:max-w-lg"
      >
        {shownId !== null && <ClassPanel id={shownId} />}
      </Drawer>
    </Container>
  );
}
