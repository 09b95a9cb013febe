/**
 * /af/external-login-issues: people who cannot log in (lost phone, changed email...). An
 * administrator opens a request, checks who they are, helps (change the email, remove the lost
 * phone, send a reset link: user managers only) and writes down what was done; the record stays.
 */
import type { LoginIssue, LoginIssueDetail } from "@aprendo/contract";
import { KeyRound, SearchX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminTable,
  FiltersBar,
  listTexts,
  pagingTexts,
  SearchInput,
  SortSelect,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  type BadgeTone,
  Button,
  Container,
  Drawer,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Select,
  Skeleton,
  Textarea,
} from "../../../components/ui";
import { dateLanguage, formatDateTime, relativeTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { perPage, useLoginIssue, useLoginIssueAction, useLoginIssues } from "../api";
import { formErrors, hasFieldErrors } from "../components/useFormErrors";

const defaults = { status: "all", search: "", page: "1", sort: "" };
const statusTone: Record<string, BadgeTone> = {
  open: "warning",
  in_progress: "info",
  resolved: "success",
  rejected: "neutral",
};

function ActionForm({ issue }: { issue: LoginIssueDetail }) {
  const { t } = useTranslation("backoffice");
  const canChangeAccount = useSession((s) => s.permissions.includes("isUserManager"));
  const action = useLoginIssueAction(issue.id);
  const kinds = [
    "note",
    "contacted",
    ...(canChangeAccount && issue.user ? ["email_changed", "phone_removed", "reset_link_sent"] : []),
    "status_changed",
  ];
  const [kind, setKind] = useState("note");
  const [note, setNote] = useState("");
  const [email, setEmail] = useState(issue.reason === "changed_email" ? issue.contact_email : "");
  const [status, setStatus] = useState(issue.status === "resolved" ? "resolved" : "resolved");
  const errors = formErrors(action.error);
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface-muted p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const body: Record<string, unknown> = { kind, note: note || undefined };
        if (kind === "email_changed") body.email = email;
        if (kind === "status_changed") body.status = status;
        action.mutate(body, {
          onSuccess: (r) => {
            showSuccess(r.message);
            setNote("");
            setKind("note");
          },
          onError: (e) => !hasFieldErrors(e) && showError(e),
        });
      }}
    >
      <Field label={t("loginIssues.action")}>
        <Select
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={kinds.map((k) => ({ value: k, label: t(`loginIssues.kinds.${k}`) }))}
        />
      </Field>
      {kind === "email_changed" && (
        <Field label={t("loginIssues.newEmail")} required error={errors.email}>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      )}
      {kind === "status_changed" && (
        <Field label={t("loginIssues.newStatus")}>
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={["open", "in_progress", "resolved", "rejected"].map((s) => ({
              value: s,
              label: t(`loginIssues.status.${s}`),
            }))}
          />
        </Field>
      )}
      {kind === "reset_link_sent" && <p className="text-sm text-fg-muted">{t("loginIssues.resetHint")}</p>}
      {kind === "phone_removed" && <p className="text-sm text-fg-muted">{t("loginIssues.phoneHint")}</p>}
      <Field
        label={t("loginIssues.note")}
        required={kind === "note" || kind === "contacted"}
        error={errors.note}
      >
        <Textarea value={note} rows={3} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={action.isPending}>
          {t("loginIssues.record")}
        </Button>
      </div>
    </form>
  );
}

function IssuePanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const query = useLoginIssue(id);
  if (query.isPending) return <Skeleton className="h-72" />;
  const issue = query.data;
  if (!issue) return null;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone[issue.status]}>{t(`loginIssues.status.${issue.status}`)}</Badge>
        <Badge>{t(`loginIssues.reasons.${issue.reason}`)}</Badge>
        <span className="text-xs text-fg-muted">{formatDateTime(issue.created_at, language)}</span>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-fg-muted">{t("loginIssues.contact")}</dt>
          <dd className="break-all text-fg">{issue.contact_email}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{t("loginIssues.identifier")}</dt>
          <dd className="break-all text-fg">{issue.account_identifier}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-fg-muted">{t("loginIssues.account")}</dt>
          <dd className="text-fg">
            {issue.user ? (
              <Link to={`/af/users/${issue.user.id}`} className="text-primary hover:underline">
                @{issue.user.username}
                {issue.user.email ? ` · ${issue.user.email}` : ""}
                {issue.user.phone ? ` · ${issue.user.phone}` : ""}
              </Link>
            ) : (
              t("loginIssues.noAccount")
            )}
          </dd>
        </div>
      </dl>
      <blockquote className="whitespace-pre-line rounded-md border-l-4 border-primary bg-surface-muted px-3 py-2 text-sm text-fg">
        {issue.description}
      </blockquote>
      <section aria-labelledby="issue-history" className="flex flex-col gap-2">
        <h3 id="issue-history" className="text-base font-semibold text-fg">
          {t("loginIssues.history")}
        </h3>
        {issue.actions.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("loginIssues.noActions")}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {issue.actions.map((a) => (
              <li key={a.id} className="rounded-md border border-border px-3 py-2 text-sm">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-fg">{t(`loginIssues.kinds.${a.kind}`)}</span>
                  <span className="text-xs text-fg-muted">
                    {a.admin ? `@${a.admin} · ` : ""}
                    {relativeTime(a.created_at, language)}
                  </span>
                </p>
                {a.note && (
                  <p className="mt-1 whitespace-pre-line text-fg-muted">
                    {a.kind === "status_changed"
                      ? a.note.replace(/\b(open|in_progress|resolved|rejected)\b/g, (s) =>
                          t(`loginIssues.status.${s}`),
                        )
                      : a.note}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <ActionForm key={`${issue.id}-${issue.actions.length}`} issue={issue} />
    </div>
  );
}

export default function LoginIssuesPage() {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useLoginIssues({ status: state.status, search: state.search, sort: state.sort, page });
  const [open, setOpen] = useState<LoginIssue | null>(null);
  const rows = list.data?.data ?? [];
  const filtered = state.status !== "all" || state.search !== "";
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("loginIssues.title")} subtitle={t("loginIssues.subtitle")} />
      <FiltersBar>
        <Field label={t("loginIssues.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("loginIssues.search")}
              placeholder={t("loginIssues.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("loginIssues.statusLabel")} className="sm:w-48">
          <Select
            value={state.status}
            onChange={(e) => update({ status: e.target.value })}
            options={["all", "open", "in_progress", "resolved", "rejected"].map((s) => ({
              value: s,
              label: s === "all" ? t("users.any") : t(`loginIssues.status.${s}`),
            }))}
          />
        </Field>
        {/* The requests are cards at every width (no header row), so the order is a select. */}
        <SortSelect
          sort={urlSort(state, update)}
          className="sm:w-56"
          columns={[
            { key: "created_at", label: t("loginIssues.sent") },
            { key: "full_name", label: t("loginIssues.name") },
            { key: "account_identifier", label: t("loginIssues.identifier") },
            { key: "reason", label: t("loginIssues.reason") },
            { key: "status", label: t("loginIssues.statusLabel") },
          ]}
        />
      </FiltersBar>
      <AdminTable
        query={list}
        rows={rows}
        texts={listTexts(t)}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <KeyRound />}
            title={filtered ? t("loginIssues.noMatch") : t("loginIssues.empty")}
            text={filtered ? undefined : t("loginIssues.emptyText")}
          />
        }
        card={(issue) => (
          <button
            type="button"
            onClick={() => setOpen(issue)}
            className="flex w-full flex-col gap-2 rounded-lg border border-border bg-surface p-4 text-left shadow-sm transition-shadow hover:shadow-md focus-ring"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-fg">{issue.full_name}</span>
              <span className="flex flex-wrap items-center gap-2">
                <Badge>{t(`loginIssues.reasons.${issue.reason}`)}</Badge>
                <Badge tone={statusTone[issue.status]}>{t(`loginIssues.status.${issue.status}`)}</Badge>
              </span>
            </span>
            <span className="line-clamp-2 text-sm text-fg-muted">{issue.description}</span>
            <span className="flex flex-wrap gap-x-3 text-xs text-fg-muted">
              <span>{issue.contact_email}</span>
              <span>{relativeTime(issue.created_at, language)}</span>
              {issue.assigned_to && <span>{t("loginIssues.handledBy", { name: issue.assigned_to })}</span>}
              {!issue.user && <span className="text-warning">{t("loginIssues.noAccount")}</span>}
            </span>
          </button>
        )}
        paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t))}
      />
      <Drawer
        side="right"
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open?.full_name ?? ""}
        closeLabel={t("close")}
        className="w-full sm:max-w-lg"
      >
        {open && <IssuePanel id={open.id} />}
      </Drawer>
    </Container>
  );
}
