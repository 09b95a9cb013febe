/** /af/tickets/subjects: the subjects a ticket can be about ("Other" is built in and not listed). */
import type { TicketSubject } from "@aprendo/contract";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeleteRowButton, ListStates } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  IconButton,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from "../../../components/ui";
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
  const rows = subjects.data ?? [];
  const create = (
    <Button asChild>
      <Link to="/af/tickets/subjects/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("subjects.create")}
      </Link>
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("subjects.title")} subtitle={t("subjects.subtitle")} actions={create} />
      <ListStates
        query={subjects}
        isEmpty={rows.length === 0}
        loadingLabel={t("list.loading")}
        errorMessage={t("errors.list")}
        retryLabel={t("errors.retry")}
        empty={
          <EmptyState
            icon={<Tags />}
            title={t("subjects.empty")}
            text={t("subjects.emptyText")}
            action={create}
          />
        }
      >
        <Table className="relative" caption={t("subjects.title")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("subjects.columns.en")}</TableHeaderCell>
              <TableHeaderCell>{t("subjects.columns.es")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("subjects.columns.position")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("subjects.columns.tickets")}</TableHeaderCell>
              <TableHeaderCell>{t("subjects.columns.state")}</TableHeaderCell>
              <TableHeaderCell>{t("subjects.columns.routing")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("desk.columns.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((subject) => (
              <TableRow key={subject.id}>
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
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <Button asChild size="sm" variant="ghost">
                      <Link
                        to={`/af/tickets/subjects/${subject.id}`}
                        aria-label={t("admin.editOne", { name: subject.title.en })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="max-sm:sr-only">{t("admin.edit")}</span>
                      </Link>
                    </Button>
                    <DeleteSubject subject={subject} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="mt-3 text-sm text-fg-muted">{t("subjects.otherNote")}</p>
      </ListStates>
    </Container>
  );
}
