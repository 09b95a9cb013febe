/** A guest plays a preview lecture of a title in a dialog (not tracked: there is no learner). */
import { useTranslation } from "react-i18next";
import { Dialog, ErrorState, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { useLecture } from "../api";

export function PreviewDialog({
  lecture,
  onClose,
}: {
  lecture: { id: number; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("learning");
  const detail = useLecture(lecture?.id ?? 0, { preview: true, enabled: lecture !== null });
  return (
    <Dialog
      open={lecture !== null}
      onOpenChange={(open) => !open && onClose()}
      title={lecture?.title ?? ""}
      description={t("preview.description")}
      closeLabel={t("close")}
      size="lg"
    >
      <div className="pb-2">
        {detail.isPending ? (
          <Skeleton className="aspect-video w-full" />
        ) : detail.isError ? (
          <ErrorState
            message={
              detail.error instanceof ApiError && detail.error.status === 403
                ? translateMessage(String(detail.error.detail))
                : t("preview.failed")
            }
            retryLabel={t("retry")}
            onRetry={() => void detail.refetch()}
          />
        ) : detail.data.video ? (
          // biome-ignore lint/a11y/useMediaCaption: the lecture videos have no caption tracks yet
          <video
            className="aspect-video w-full rounded-md bg-black"
            src={detail.data.video.url}
            controls
            autoPlay
            playsInline
            preload="metadata"
          />
        ) : (
          <p className="text-sm text-fg-muted">{translateMessage("lecture.noVideo")}</p>
        )}
        {detail.data?.description && <p className="mt-4 text-sm text-fg-muted">{detail.data.description}</p>}
      </div>
    </Dialog>
  );
}
