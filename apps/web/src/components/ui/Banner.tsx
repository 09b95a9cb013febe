import { CircleCheck, CircleX, Info, TriangleAlert, WifiOff, X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { IconButton } from "./IconButton";

export type BannerTone = "info" | "success" | "warning" | "danger" | "offline";

export type BannerProps = {
  tone?: BannerTone;
  title?: ReactNode;
  children: ReactNode;
  /** E.g. a link-variant <Button>. */
  action?: ReactNode;
  onDismiss?: () => void;
  /** Required with onDismiss: the close button's accessible name. */
  dismissLabel?: string;
  className?: string;
};

const toneClasses: Record<BannerTone, string> = {
  info: "border-info/30 bg-info-soft [&_.banner-icon]:text-info",
  success: "border-success/30 bg-success-soft [&_.banner-icon]:text-success",
  warning: "border-warning/30 bg-warning-soft [&_.banner-icon]:text-warning",
  danger: "border-danger/30 bg-danger-soft [&_.banner-icon]:text-danger",
  offline: "border-border-strong bg-surface-muted [&_.banner-icon]:text-fg",
};

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, danger: CircleX, offline: WifiOff };

/** A full-width message strip (announcements, offline state, account warnings). */
export function Banner({
  tone = "info",
  title,
  children,
  action,
  onDismiss,
  dismissLabel,
  className,
}: BannerProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-3 rounded-md border px-4 py-3 text-sm text-fg",
        toneClasses[tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="banner-icon mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex-1">
          {title && <p className="font-semibold">{title}</p>}
          <div>{children}</div>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {onDismiss && dismissLabel && (
        <IconButton
          aria-label={dismissLabel}
          icon={<X />}
          size="sm"
          onClick={onDismiss}
          className="-my-2 -mr-2"
        />
      )}
    </div>
  );
}
