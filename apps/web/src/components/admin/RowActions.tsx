/** The buttons at the end of a back-office table row: Edit (a link or a button) and Delete. */
import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../ui";
import { DeleteRowButton } from "./DeleteRowButton";

/** Groups a row's buttons side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <span className="inline-flex gap-1">{children}</span>;
}

/**
 * "Edit" with a pencil; the word hides on phones, the label (e.g. "Edit Billing") stays for screen
 * readers. Goes to `to`, or calls `onClick` (for lists edited in a dialog).
 */
export function EditRowButton({
  to,
  onClick,
  label,
  text,
}: { label: string; text: string } & (
  | { to: string; onClick?: never }
  | { onClick: () => void; to?: never }
)) {
  const content = (
    <>
      <Pencil aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">{text}</span>
    </>
  );
  if (to !== undefined)
    return (
      <Button asChild size="sm" variant="ghost">
        <Link to={to} aria-label={label}>
          {content}
        </Link>
      </Button>
    );
  return (
    <Button size="sm" variant="ghost" onClick={onClick} aria-label={label}>
      {content}
    </Button>
  );
}

/** Edit and Delete for one row, the common pair. */
export function EditDeleteActions({
  edit,
  remove,
}: {
  edit: Parameters<typeof EditRowButton>[0];
  remove: Parameters<typeof DeleteRowButton>[0];
}) {
  return (
    <RowActions>
      <EditRowButton {...edit} />
      <DeleteRowButton {...remove} />
    </RowActions>
  );
}
