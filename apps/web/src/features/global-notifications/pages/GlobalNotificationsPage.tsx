/** /af/global-notifications: announcements to every learner, drafts and sent ones, with read counts. */
import type { GlobalNotificationAdmin } from "@aprendo/contract";
import { Eye, Megaphone, Pencil, SearchX, Send, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  CreateButton,
  listTexts,
  pageNumber,
  pagingTexts,
  SearchFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  IconButton,
  ProgressBar,
  TableCell,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import {
  perPage,
  useDeleteGlobalNotification,
  useGlobalNotifications,
  usePublishGlobalNotification,
} from "../api";

const defaults = { search: "", page: "1", sort: "" };

function NotificationActions({ item }: { item: GlobalNotificationAdmin }) {
  const { t } = useTranslation("global-notifications");
  const publish = usePublishGlobalNotification();
  const remove = useDeleteGlobalNotification();
  const published = item.published_at !== null;
  return (
    <span className="inline-flex gap-1">
      {!published && (
        <ConfirmDialog
          tone="primary"
          trigger={
            <Button size="sm" variant="secondary" aria-label={t("publishOne", { name: item.title.en })}>
              <Send aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{t("publish")}</span>
            </Button>
          }
          title={t("publishTitle")}
          description={t("publishText")}
          confirmLabel={t("publishConfirm")}
          cancelLabel={t("cancel")}
          onConfirm={async () => {
            try {
              const answer = await publish.mutateAsync(item.id);
              if (answer.message) showSuccess(answer.message);
            } catch (error) {
              showError(error);
              throw error;
            }
          }}
        />
      )}
      <Button asChild size="sm" variant="ghost">
        <Link
          to={`/af/global-notifications/${item.id}`}
          aria-label={
            published ? t("viewOne", { name: item.title.en }) : t("editOne", { name: item.title.en })
          }
        >
          {published ? (
            <Eye aria-hidden="true" className="size-4" />
          ) : (
            <Pencil aria-hidden="true" className="size-4" />
          )}
          <span className="max-sm:sr-only">{published ? t("view") : t("edit")}</span>
        </Link>
      </Button>
      <ConfirmDialog
        trigger={
          <IconButton
            variant="danger"
            size="sm"
            icon={<Trash2 />}
            aria-label={t("deleteOne", { name: item.title.en })}
          />
        }
        title={published ? t("retractTitle") : t("deleteTitle")}
        description={published ? t("retractText") : t("deleteText")}
        confirmLabel={published ? t("retract") : t("delete")}
        cancelLabel={t("cancel")}
        onConfirm={async () => {
          try {
            showSuccess((await remove.mutateAsync(item.id)).message);
          } catch (error) {
            showError(error);
            throw error;
          }
        }}
      />
    </span>
  );
}

export default function GlobalNotificationsPage() {
  const { t, i18n } = useTranslation("global-notifications");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const list = useGlobalNotifications({ search: state.search, sort: state.sort, page });
  const create = <CreateButton to="/af/global-notifications/create">{t("create")}</CreateButton>;
  return (
    <AdminListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={create}
      filters={
        <SearchFilter
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          value={state.search}
          onSearch={(search) => update({ search })}
        />
      }
      query={list}
      sort={urlSort(state, update)}
      rows={list.data?.data ?? []}
      rowTestId="global-notification-row"
      texts={{ ...listTexts(t), actions: t("columns.actions") }}
      empty={
        <EmptyState
          icon={state.search ? <SearchX /> : <Megaphone />}
          title={state.search ? t("noMatch") : t("empty")}
          text={state.search ? t("noMatchText") : t("emptyText")}
          action={state.search ? undefined : create}
        />
      }
      columns={[
        { header: t("columns.title"), sortKey: "title" },
        { header: t("columns.state"), sortKey: "published_at" },
        { header: t("columns.modal"), sortKey: "show_as_modal" },
        { header: t("columns.read") },
        { header: t("columns.author"), sortKey: "author" },
      ]}
      cells={(item) => {
        const percent = item.recipients_count
          ? Math.round((item.read_count / item.recipients_count) * 100)
          : 0;
        return (
          <>
            <TableCell className="max-w-md">
              <Link
                to={`/af/global-notifications/${item.id}`}
                className="flex flex-col gap-0.5 rounded-sm focus-ring"
              >
                <span className="font-medium text-primary hover:underline">{item.title.en}</span>
                <span lang="es" className="line-clamp-1 text-xs text-fg-muted">
                  {item.title.es}
                </span>
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {item.published_at ? (
                <span className="flex flex-col gap-0.5">
                  <Badge tone="success" className="w-fit">
                    {t("sent")}
                  </Badge>
                  <span className="text-xs text-fg-muted">{formatDateTime(item.published_at, language)}</span>
                </span>
              ) : (
                <Badge tone="warning">{t("draft")}</Badge>
              )}
            </TableCell>
            <TableCell>{item.show_as_modal ? t("yes") : t("no")}</TableCell>
            <TableCell className="min-w-40">
              {item.published_at ? (
                <span className="flex flex-col gap-1">
                  <ProgressBar
                    value={percent}
                    size="sm"
                    label={t("readLabel", { name: item.title.en })}
                    valueText={t("readOf", { read: item.read_count, total: item.recipients_count })}
                  />
                  <span className="text-xs text-fg-muted tabular-nums">
                    {t("readOf", { read: item.read_count, total: item.recipients_count })}
                  </span>
                </span>
              ) : (
                <span className="text-fg-muted">–</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{item.created_by?.name ?? "–"}</TableCell>
          </>
        );
      }}
      rowActions={(item) => <NotificationActions item={item} />}
      paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t))}
    />
  );
}
