/**
 * A back-office list whose records are created and edited in a dialog (the shop's categories and
 * distributors, salary scales, income categories): Create, above the list and in the empty list,
 * opens the dialog for a new record; a row's Edit opens it for that row; Delete asks first.
 */
import type { ReactNode } from "react";
import { EmptyState } from "../ui";
import { AdminListPage, type AdminListPageProps } from "./AdminListPage";
import type { AdminListTexts } from "./AdminTable";
import { CreateButton } from "./CreateButton";
import { useDialogRecord } from "./FormDialog";
import { EditDeleteActions } from "./RowActions";

/** What the page's dialog is given: the record to edit (null: a new one) and whether it is open. */
export type RecordDialogProps<Row> = {
  record: Row | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export type DialogListPageProps<Row> = Omit<
  AdminListPageProps<Row>,
  "rows" | "texts" | "empty" | "actions" | "rowActions" | "children"
> & {
  /** The records, all on one page. */
  query: AdminListPageProps<Row>["query"] & { data?: readonly Row[] };
  texts: AdminListTexts & {
    create: string;
    edit: string;
    delete: string;
    cancel: string;
    /** The title of the question Delete asks. */
    deleteTitle: string;
  };
  empty: { icon: ReactNode; title: string; text: string };
  /** A row's words: its Edit and Delete buttons' names and the question Delete asks about it. */
  rowTexts: (row: Row) => { edit: string; delete: string; deleteText: string };
  onDelete: (row: Row) => Promise<{ message: string }>;
  /** The page's dialog that creates or edits one record. */
  dialog: (props: RecordDialogProps<Row>) => ReactNode;
};

export function DialogListPage<Row>({
  query,
  texts,
  empty,
  rowTexts,
  onDelete,
  dialog: renderDialog,
  ...list
}: DialogListPageProps<Row>) {
  const dialog = useDialogRecord<Row>();
  const create = <CreateButton onClick={() => dialog.openFor(null)}>{texts.create}</CreateButton>;
  return (
    <AdminListPage
      {...list}
      actions={create}
      query={query}
      rows={query.data ?? []}
      texts={texts}
      empty={<EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={create} />}
      rowActions={(row) => {
        const words = rowTexts(row);
        return (
          <EditDeleteActions
            edit={{ onClick: () => dialog.openFor(row), label: words.edit, text: texts.edit }}
            remove={{
              label: words.delete,
              title: texts.deleteTitle,
              description: words.deleteText,
              confirmLabel: texts.delete,
              cancelLabel: texts.cancel,
              onDelete: () => onDelete(row),
            }}
          />
        );
      }}
    >
      {renderDialog({ record: dialog.record, open: dialog.open, onOpenChange: dialog.setOpen })}
    </AdminListPage>
  );
}
