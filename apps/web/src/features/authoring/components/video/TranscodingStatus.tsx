/**
 * The lecture editor's view of the video's HLS conversion: its state with the
 * server's own words (queued, converting with a percentage, ready with its qualities, failed with
 * ffmpeg's message, or "MP4 only" when the server has no ffmpeg), and a button to convert again.
 * While the job runs the lecture is re-read every 2 seconds, so the bar moves without a reload.
 */
import type { AdminLecture, LectureStreaming } from "@aprendo/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Clock, Loader2, MonitorPlay, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, ProgressBar } from "../../../../components/ui";
import { post } from "../../../../lib/http";
import { showError, showSuccess } from "../../../../lib/toast";
import { authoringKeys } from "../../api";

const POLL_MS = 2_000;

const look = {
  queued: { tone: "info", icon: Clock },
  processing: { tone: "primary", icon: Loader2 },
  ready: { tone: "success", icon: CheckCircle2 },
  failed: { tone: "danger", icon: AlertTriangle },
  unavailable: { tone: "warning", icon: AlertTriangle },
} as const;

export function TranscodingStatus({
  lectureId,
  streaming,
}: {
  lectureId: number;
  streaming: LectureStreaming;
}) {
  const { t } = useTranslation("media");
  const client = useQueryClient();
  const running = streaming.status === "queued" || streaming.status === "processing";

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: authoringKeys.lecture(lectureId) }),
      POLL_MS,
    );
    return () => clearInterval(timer);
  }, [running, client, lectureId]);

  const again = useMutation({
    mutationFn: () => post<AdminLecture>(`/af/lectures/${lectureId}/video/transcode`),
    onSuccess: (lecture) => {
      client.setQueryData(authoringKeys.lecture(lectureId), lecture);
      if (lecture.video?.streaming?.status === "queued") showSuccess(t("transcoding.started"));
    },
    onError: (error) => showError(error),
  });

  const { tone, icon: Icon } = look[streaming.status];
  return (
    <section
      aria-labelledby={`transcoding-${lectureId}`}
      className="flex flex-col gap-3 rounded-md border border-border bg-surface-muted/40 p-3"
      data-testid="transcoding-status"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`transcoding-${lectureId}`} className="flex items-center gap-2 text-sm font-semibold text-fg">
          <MonitorPlay aria-hidden="true" className="size-4 text-fg-muted" />
          {t("transcoding.title")}
        </h3>
        <Badge tone={tone}>
          <Icon
            aria-hidden="true"
            className={streaming.status === "processing" ? "motion-safe:animate-spin" : undefined}
          />
          {t(`transcoding.${streaming.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-fg" aria-live="polite">
        {streaming.message}
      </p>
      {running && (
        <ProgressBar
          label={t("transcoding.progress")}
          value={streaming.status === "processing" ? streaming.progress : undefined}
          showValue={streaming.status === "processing"}
          size="sm"
        />
      )}
      {streaming.status === "ready" && streaming.heights.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("transcoding.ready")}>
          {streaming.heights.map((height) => (
            <li key={height}>
              <Badge tone="neutral">{height}p</Badge>
            </li>
          ))}
        </ul>
      )}
      {streaming.error && streaming.status !== "ready" && (
        <details className="text-xs text-fg-muted">
          <summary className="cursor-pointer select-none">{t("transcoding.details")}</summary>
          <p className="mt-1 font-mono break-words">{streaming.error}</p>
        </details>
      )}
      {!running && (
        <div>
          <Button variant="secondary" size="sm" loading={again.isPending} onClick={() => again.mutate()}>
            {!again.isPending && <RefreshCw aria-hidden="true" className="size-4" />}
            {t("transcoding.again")}
          </Button>
        </div>
      )}
    </section>
  );
}
