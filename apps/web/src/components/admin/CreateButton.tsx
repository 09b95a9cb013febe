/** The Create button of a back-office list: a plus and the words, to the create page or opening a dialog. */
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../ui";

export function CreateButton({
  to,
  onClick,
  children,
}: { children: string } & ({ to: string; onClick?: never } | { onClick: () => void; to?: never })) {
  const content = (
    <>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </>
  );
  if (to !== undefined)
    return (
      <Button asChild>
        <Link to={to}>{content}</Link>
      </Button>
    );
  return <Button onClick={onClick}>{content}</Button>;
}
