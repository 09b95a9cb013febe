import { cn } from "../../lib/cn";

export type SpinnerSize = "sm" | "md" | "lg";

export type SpinnerProps = {
  size?: SpinnerSize;
  /** Announced to screen readers (role="status"); without it the spinner is decorative. */
  label?: string;
  className?: string;
};

const sizeClasses: Record<SpinnerSize, string> = { sm: "size-4", md: "size-6", lg: "size-10" };

export function Spinner({ size = "md", label, className }: SpinnerProps) {
  const svg = (
    <svg
      className={cn("shrink-0 animate-spin", sizeClasses[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
