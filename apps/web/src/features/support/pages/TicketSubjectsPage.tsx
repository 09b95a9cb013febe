/** /af/tickets/subjects: the subjects a ticket can be about ("Other" is built in and not listed). */
import type { TicketSubject } from "@aprendo/contract";
import { Tags, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  CreateButton,
  DeleteRowButton,
  EditRowButton,
  RowActions,
} from "../../../components/admin";
import { Badge, EmptyState, IconButton, TableCell, Tooltip } from "../../../components/ui";
import { showInfo } from "../../../lib/toast";
import { SubjectRoutingSelect } from "../../privacy/components/TicketSpecialistTools";
import { useAdminSubjects, useDeleteSubject } from "../api";

function DeleteSubject({ subject }: { subject: TicketSubject }) {
  const { t } = useTranslation("support");
  const remove = useDeleteSubject();
  if (subject.tickets_count > 0) {
    // A used subject cannot be deleted (the API answers 409), so Delete is not offered: the button
    // stays focusable to explain why (tooltip on hover/focus, the same words on a tap).
    const reason = t("subjects.deleteInUse", { count: subject.tickets_count });
    return (
      <>
        <span id={`subject-${subject.id}-in-use`} className="sr-only">
          {reason}
        </span>
        <Tooltip content={reason}>
          <IconButton
            variant="danger"
            size="sm"
            icon={<Trash2 />}
            aria-label={t("subjects.deleteOne", { name: subject.title.en })}
            aria-disabled="true"
            aria-describedby={`subject-${subject.id}-in-use`}
            className="cursor-not-allowed opacity-50"
            onClick={() => showInfo(reason)}
          />
        </Tooltip>
      </>
    );
  }
  return (
    <DeleteRowButton
      label={t("subjects.deleteOne", { name: subject.title.en })}
      title={t("subjects.deleteTitle")}
      description={t("subjects.deleteText", { name: subject.title.en })}
      confirmLabel={t("admin.delete")}
      cancelLabel={t("form.cancel")}
      onDelete={() => remove.mutateAsync(subject.id)}
    />
  );
}

export default function TicketSubjectsPage() {
  const { t } = useTranslation("support");
  const subjects = useAdminSubjects();
  const create = <CreateButton to="/af/tickets/subjects/create">{t("subjects.create")}</CreateButton>;
  return (
    <AdminListPage
      title={t("subjects.title")}
      subtitle={t("subjects.subtitle")}
      actions={create}
      query={subjects}
      rows={subjects.data ?? []}
      texts={{
        loading: t("list.loading"),
        loadFailed: t("errors.list"),
        retry: t("errors.retry"),
        actions: t("desk.columns.actions"),
      }}
      empty={
        <EmptyState
          icon={<Tags />}
          title={t("subjects.empty")}
          text={t("subjects.emptyText")}
          action={create}
        />
      }
      columns={[
        { header: t("subjects.columns.en") },
        { header: t("subjects.columns.es") },
        { header: t("subjects.columns.position"), align: "right" },
        { header: t("subjects.columns.tickets"), align: "right" },
        { header: t("subjects.columns.state") },
        { header: t("subjects.columns.routing") },
      ]}
      cells={(subject) => (
        <>
          <TableCell>
            <Link
              to={`/af/tickets/subjects/${subject.id}`}
              className="font-medium text-primary hover:underline focus-ring"
            >
              {subject.title.en}
            </Link>
          </TableCell>
          <TableCell lang="es">{subject.title.es}</TableCell>
          <TableCell align="right" className="tabular-nums">
            {subject.position}
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            {subject.tickets_count}
          </TableCell>
          <TableCell>
            <Badge tone={subject.active ? "success" : "neutral"}>
              {subject.active ? t("admin.active") : t("admin.inactive")}
            </Badge>
          </TableCell>
          <TableCell>
            <SubjectRoutingSelect subjectId={subject.id} name={subject.title.en} />
          </TableCell>
        </>
      )}
      rowActions={(subject) => (
        <RowActions>
          <EditRowButton
            to={`/af/tickets/subjects/${subject.id}`}
            label={t("admin.editOne", { name: subject.title.en })}
            text={t("admin.edit")}
          />
          <DeleteSubject subject={subject} />
        </RowActions>
      )}
    >
      {/* "Other" is offered to every ticket but is no row of this list, so the page says so. */}
      {subjects.data && subjects.data.length > 0 && (
        <p className="mt-3 text-sm text-fg-muted">{t("subjects.otherNote")}</p>
      )}
    </AdminListPage>
  );
}
