/** A product's cover: its image, or a drawn book cover in its colour with the title and authors. */
import { BookOpen, FileText } from "lucide-react";
import { cn } from "../../../lib/cn";

export function ProductCover({
  title,
  authors,
  color,
  src,
  kind,
  size = "md",
  className,
}: {
  title: string;
  authors: string;
  color: string;
  src: string | null;
  kind: string;
  size?: "md" | "lg";
  className?: string;
}) {
  if (src)
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        className={cn("aspect-[3/4] w-full rounded-md object-cover shadow-sm", className)}
      />
    );
  const Icon = kind === "printed_book" ? BookOpen : FileText;
  return (
    <div
      aria-hidden="true"
      className={cn(
        "relative flex aspect-[3/4] w-full flex-col justify-between overflow-hidden rounded-md p-4 text-white shadow-sm",
        className,
      )}
      style={{ backgroundColor: color }}
    >
      <span className="absolute inset-y-0 left-0 w-2 bg-black/20" />
      <span className="absolute -top-10 -right-10 size-32 rounded-full bg-white/10" />
      <Icon className={cn("relative", size === "lg" ? "size-8" : "size-5")} />
      <div className="relative flex flex-col gap-1">
        <span
          className={cn(
            "line-clamp-4 font-semibold leading-tight [text-wrap:balance]",
            size === "lg" ? "text-2xl" : "text-base",
          )}
        >
          {title}
        </span>
        <span className={cn("line-clamp-2", size === "lg" ? "text-sm" : "text-xs")}>{authors}</span>
      </div>
    </div>
  );
}
