/** The picture of a cart line: its image when it has one, else an icon for its type. */
import type { CartItemType } from "@aprendo/contract/domain";
import { BookOpen, FileText, GraduationCap, HandHeart, Package } from "lucide-react";
import { cn } from "../../../lib/cn";

const icons = {
  course: GraduationCap,
  ebook: FileText,
  exam_accesses: BookOpen,
  physical_product: Package,
  sponsorship: HandHeart,
} as const;

export function ItemIcon({ type, img, className }: { type: CartItemType; img?: string; className?: string }) {
  const Icon = icons[type] ?? Package;
  return (
    <div
      className={cn(
        "flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-primary-soft text-primary",
        className,
      )}
      aria-hidden="true"
    >
      {img ? (
        <img src={img} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <Icon className="size-6" />
      )}
    </div>
  );
}
