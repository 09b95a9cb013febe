/**
 * /af/ebooks (isEbookManager): every lecture e-book with its lecture and title, and who may read it
 * beyond enrolment (the lecture-notes access list, spec section 3): grant a learner access to a
 * lecture's e-books or revoke a grant, each recorded in the audit log by the API.
 */
import type { EbookAdminItem } from "@aprendo/contract";
import { BookOpen, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  ConfirmDialog,
  Container,
  Drawer,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useEbookAccess, useEbooks, useGrantEbook, useRevokeEbook } from "../api";
import { Pager } from "../components/Pager";

function titleOf(ebook: EbookAdminItem, language: string) {
  return language === "es" ? ebook.title_es : ebook.title_en;
}

function AccessPanel({ ebook }: { ebook: EbookAdminItem }) {
  const { t, i18n } = useTranslation("privacy");
  const lang = dateLanguage(i18n.language);
  const access = useEbookAccess(ebook.id);
  const grant = useGrantEbook();
  const revoke = useRevokeEbook();
  const [login, setLogin] = useState("");
  const [note, setNote] = useState("");
  const [loginError, setLoginError] = useState<string | undefined>();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setLoginError(undefined);
    try {
      showSuccess(
        (await grant.mutateAsync({ id: ebook.id, login: login.trim(), note: note.trim() })).message,
      );
      setLogin("");
      setNote("");
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors?.login?.[0] : undefined;
      if (field) setLoginError(field);
      else showError(error);
    }
  };
  const rows = access.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg-muted">{t("ebooks.accessText")}</p>
      {access.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-fg-muted">
          {t("ebooks.noGrants")}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {rows.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{row.user.username}</p>
                <p className="flex flex-wrap items-center gap-1.5 text-xs text-fg-muted">
                  <Badge tone={row.source === "purchase" ? "success" : "neutral"}>
                    {t(`ebooks.source.${row.source}`, { defaultValue: row.source })}
                  </Badge>
                  <span>{t(`ebooks.scope.${row.scope}`)}</span>
                  {row.expires_at && (
                    <span>{t("ebooks.expires", { date: formatDate(row.expires_at, lang) })}</span>
                  )}
                  {row.note && <span>· {row.note}</span>}
                </p>
              </div>
              {row.source !== "purchase" && (
                <ConfirmDialog
                  trigger={
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${t("ebooks.revoke")} ${row.user.username}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="max-sm:sr-only">{t("ebooks.revoke")}</span>
                    </Button>
                  }
                  title={t("ebooks.revokeTitle", { username: row.user.username })}
                  description={t("ebooks.revokeText")}
                  confirmLabel={t("ebooks.revoke")}
                  cancelLabel={t("cancel")}
                  onConfirm={async () => {
                    try {
                      showSuccess((await revoke.mutateAsync(row.id)).message);
                    } catch (error) {
                      showError(error);
                      throw error;
                    }
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <h3 className="text-base font-semibold">{t("ebooks.grantTitle")}</h3>
        <Field label={t("ebooks.login")} error={loginError} required>
          <Input
            value={login}
            maxLength={254}
            onChange={(e) => setLogin(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field label={t("ebooks.note")}>
          <Input value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" loading={grant.isPending} disabled={login.trim().length === 0}>
            <KeyRound aria-hidden="true" className="size-4" />
            {t("ebooks.grant")}
          </Button>
        </div>
      </form>
    </div>
  );
}

export default function EbooksPage() {
  const { t, i18n } = useTranslation("privacy");
  const [state, update] = useUrlState({ search: "", page: "1" });
  const page = Math.max(1, Number(state.page) || 1);
  const list = useEbooks(state.search, page);
  const rows = list.data?.data ?? [];
  const [open, setOpen] = useState<EbookAdminItem | null>(null);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("ebooks.title")} subtitle={t("ebooks.subtitle")} />
      <SearchInput
        value={state.search}
        onSearch={(search) => update({ search })}
        label={t("ebooks.search")}
        placeholder={t("ebooks.search")}
        className="mb-4 sm:max-w-sm"
      />
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        loadingLabel={t("loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={<EmptyState icon={<BookOpen />} title={t("ebooks.empty")} text={t("ebooks.emptyText")} />}
      >
        <Table caption={t("ebooks.title")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell className="max-sm:hidden">{t("ebooks.ebook")}</TableHeaderCell>
              <TableHeaderCell>{t("ebooks.lecture")}</TableHeaderCell>
              <TableHeaderCell className="max-md:hidden">{t("ebooks.course")}</TableHeaderCell>
              <TableHeaderCell align="right" className="max-sm:hidden">
                {t("ebooks.pages")}
              </TableHeaderCell>
              <TableHeaderCell align="right">{t("ebooks.grants")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("ebooks.manage")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((ebook) => (
              <TableRow key={ebook.id}>
                <TableCell className="font-medium max-sm:hidden">{titleOf(ebook, i18n.language)}</TableCell>
                <TableCell>
                  <span className="block font-medium sm:hidden">{titleOf(ebook, i18n.language)}</span>
                  {ebook.lecture.title}
                  <span className="block text-xs text-fg-muted md:hidden">{ebook.course.title}</span>
                </TableCell>
                <TableCell className="max-md:hidden">{ebook.course.title}</TableCell>
                <TableCell align="right" className="tabular-nums max-sm:hidden">
                  {ebook.pages}
                </TableCell>
                <TableCell align="right" className="tabular-nums">
                  {ebook.grants}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setOpen(ebook)}
                    aria-label={`${t("ebooks.manage")}: ${titleOf(ebook, i18n.language)} · ${ebook.lecture.title}`}
                  >
                    <KeyRound aria-hidden="true" className="size-4" />
                    <span className="max-sm:sr-only">{t("ebooks.manage")}</span>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pager page={page} total={list.data?.total ?? 0} onPage={(p) => update({ page: String(p) })} />
      </ListStates>
      <Drawer
        side="right"
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={
          open
            ? t("ebooks.accessTitle", { title: `${titleOf(open, i18n.language)} · ${open.lecture.title}` })
            : ""
        }
        closeLabel={t("close")}
      >
        {open && <AccessPanel ebook={open} />}
      </Drawer>
    </Container>
  );
}
