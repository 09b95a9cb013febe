import { initialsOf } from "@aprendo/contract/domain";
import { cn } from "../../../lib/cn";

/** Initials from the two parts of the name split by an underscore (spec section 3): "ana_lopez" -> "AL". */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    // The initials are drawn by CSS, not text: the button around carries the accessible name.
    <span
      aria-hidden="true"
      data-initials={initialsOf(name)}
      className={cn(
        "inline-flex size-9 shrink-0 select-none items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-fg before:content-[attr(data-initials)]",
        className,
      )}
    />
  );
}
