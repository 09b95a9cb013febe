import { useState } from "react";
import { cn } from "../../lib/cn";

export type AvatarSize = "sm" | "md" | "lg";

export type AvatarProps = {
  /** The person's name: the image's alternative text and the source of the initials. */
  name: string;
  src?: string | null;
  size?: AvatarSize;
  /** Hides the avatar from assistive technology when the name is already written beside it. */
  decorative?: boolean;
  className?: string;
};

const sizeClasses: Record<AvatarSize, string> = {
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-16 text-xl",
};

// Token pairs only, chosen by name so a person keeps the same colour everywhere.
const palette = [
  "bg-primary-soft text-primary",
  "bg-info-soft text-info",
  "bg-success-soft text-success",
  "bg-accent-soft text-accent",
  "bg-warning-soft text-warning",
] as const;

/** "Ana María López" -> "AL", "Zoë" -> "Z"; works on any alphabet. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0] ?? "";
  return (letter(first) + (last ? letter(last) : "")).toLocaleUpperCase();
}

function paletteOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return palette[Math.abs(hash) % palette.length] ?? palette[0];
}

export function Avatar({ name, src, size = "md", decorative, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const classes = cn(
    "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold",
    sizeClasses[size],
    className,
  );
  if (showImage && src) {
    return (
      <img
        src={src}
        alt={decorative ? "" : name}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn(classes, "bg-surface-muted object-cover")}
      />
    );
  }
  const initials = initialsOf(name);
  if (decorative) {
    return (
      <span aria-hidden="true" className={cn(classes, paletteOf(name))}>
        {initials}
      </span>
    );
  }
  return (
    <span role="img" aria-label={name} className={cn(classes, paletteOf(name))}>
      {initials}
    </span>
  );
}
