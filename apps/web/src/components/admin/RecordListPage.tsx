/**
 * Back-office lists of records that are created, edited and deleted from the list: Create above the
 * list and in the empty list, and each row's Edit and Delete (Delete asks first). The record is edited
 * in a dialog (DialogListPage: shop categories, salary scales...) or on its own page
 * (LinkListPage: `<base>/create` and `<base>/<id>`, e.g. advert blocks and FAQ categories).
 */
import type { ReactNode } from "react";
import { EmptyState } from "../ui";
import { AdminListPage, type AdminListPageProps } from "./AdminListPage";
import type { AdminListTexts } from "./AdminTable";
import { CreateButton } from "./CreateButton";
import { useDialogRecord } from "./FormDialog";
import { EditDeleteActions } from "./RowActions";

type RecordListProps<Row> = Omit<
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
  rowTexts: (row: Row) => { edit: string; delete: string; deleteText: ReactNode };
  onDelete: (row: Row) => Promise<{ message: string }>;
};

/** What the page's dialog is given: the record to edit (null: a new one) and whether it is open. */
export type RecordDialogProps<Row> = {
  record: Row | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export type DialogListPageProps<Row> = RecordListProps<Row> & {
  /** The page's dialog that creates or edits one record. */
  dialog: (props: RecordDialogProps<Row>) => ReactNode;
};

export function DialogListPage<Row>({ dialog: renderDialog, ...list }: DialogListPageProps<Row>) {
  const dialog = useDialogRecord<Row>();
  return (
    <RecordList
      {...list}
      create={<CreateButton onClick={() => dialog.openFor(null)}>{list.texts.create}</CreateButton>}
      edit={(row) => ({ onClick: () => dialog.openFor(row) })}
    >
      {renderDialog({ record: dialog.record, open: dialog.open, onOpenChange: dialog.setOpen })}
    </RecordList>
  );
}

export type LinkListPageProps<Row extends { id: number }> = RecordListProps<Row> & {
  /** The list's address: a record is created at `<base>/create` and edited at `<base>/<id>`. */
  base: string;
  /** Other buttons beside the title, before Create (e.g. a link to a related list). */
  actions?: ReactNode;
};

export function LinkListPage<Row extends { id: number }>({ base, actions, ...list }: LinkListPageProps<Row>) {
  return (
    <RecordList
      {...list}
      actions={actions}
      create={<CreateButton to={`${base}/create`}>{list.texts.create}</CreateButton>}
      edit={(row) => ({ to: `${base}/${row.id}` })}
    />
  );
}

function RecordList<Row>({
  query,
  texts,
  empty,
  rowTexts,
  onDelete,
  actions,
  create,
  edit,
  ...list
}: RecordListProps<Row> & {
  actions?: ReactNode;
  create: ReactNode;
  edit: (row: Row) => { to: string } | { onClick: () => void };
  children?: ReactNode;
}) {
  return (
    <AdminListPage
      {...list}
      actions={
        <>
          {actions}
          {create}
        </>
      }
      query={query}
      rows={query.data ?? []}
      texts={texts}
      empty={<EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={create} />}
      rowActions={(row) => {
        const words = rowTexts(row);
        return (
          <EditDeleteActions
            edit={{ ...edit(row), label: words.edit, text: texts.edit }}
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
    />
  );
}
