/**
 * A lecture's video: a player to check it, its type, size and length, the length corrected by hand
 * when needed, and an upload (MP4 or WebM up to 200 MB) with a progress bar. The length is read by the
 * server; when it cannot read it, the length the browser reads from the file is sent with a retry.
 */
import { type AdminLecture, catalogLimits, MB } from "@aprendo/contract";
import { Clock, Film } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, FileDropZone, NumberInput } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import type { useLectureMutations } from "../api";
import { formatBytes, formatDuration } from "../logic";
import { SectionTitle } from "./SectionTitle";
import { TranscodingStatus } from "./video/TranscodingStatus";

type Mutations = ReturnType<typeof useLectureMutations>;

/** The length of a video file as the browser reads it, or null. */
export function measureDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof document === "undefined" || typeof URL.createObjectURL !== "function") return resolve(null);
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = "metadata";
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.duration > 0 ? Math.round(video.duration) : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

export function VideoSection({ lecture, mutations }: { lecture: AdminLecture; mutations: Mutations }) {
  const { t, i18n } = useTranslation("authoring");
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [duration, setDuration] = useState(String(lecture.duration_seconds || ""));
  const durationId = useId();
  const uploading = mutations.video.isPending;

  const start = async (chosen: File[]) => {
    const file = chosen[0];
    setFiles(chosen);
    setUploadError(null);
    if (!file) return;
    const onProgress = (percent: number) => setProgress({ [file.name]: percent });
    onProgress(0);
    try {
      let result: AdminLecture;
      try {
        result = await mutations.video.mutateAsync({ file, onProgress });
      } catch (error) {
        const measured = await measureDuration(file);
        const durationRefused = error instanceof ApiError && error.fieldErrors?.duration_seconds;
        if (!durationRefused || !measured) throw error;
        result = await mutations.video.mutateAsync({ file, duration: measured, onProgress });
      }
      setDuration(String(result.duration_seconds));
      showSuccess(t("video.uploaded", { duration: formatDuration(result.duration_seconds) }));
      setFiles([]);
      setProgress({});
    } catch (error) {
      setProgress({});
      const message = error instanceof ApiError ? error.message : null;
      setUploadError(message);
      showError(error);
    }
  };

  const saveDuration = async () => {
    try {
      await mutations.update.mutateAsync({ duration_seconds: Number(duration) });
      showSuccess(t("video.durationSaved"));
    } catch (error) {
      showError(error);
    }
  };

  const video = lecture.video;
  return (
    <Card className="p-4 sm:p-6">
      <SectionTitle icon={<Film />} title={t("video.title")} hint={t("video.hint")} />
      <div className="flex flex-col gap-4">
        {video ? (
          <>
            {/* biome-ignore lint/a11y/useMediaCaption: the author's own check of the file; captions are not stored */}
            <video
              key={video.url}
              controls
              preload="metadata"
              className="aspect-video w-full rounded-md bg-surface-muted ring-1 ring-border"
              aria-label={t("video.player")}
            >
              <source src={video.url} type={video.type} />
            </video>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-fg-muted">{t("video.length")}</dt>
                <dd className="font-medium text-fg tabular-nums" data-testid="video-duration">
                  {formatDuration(lecture.duration_seconds)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-fg-muted">{t("video.type")}</dt>
                <dd className="font-medium text-fg">{video.type.replace("video/", "").toUpperCase()}</dd>
              </div>
              <div>
                <dt className="text-xs text-fg-muted">{t("video.size")}</dt>
                <dd className="font-medium text-fg tabular-nums">
                  {formatBytes(video.size_bytes, i18n.language)}
                </dd>
              </div>
            </dl>
            {video.streaming && <TranscodingStatus lectureId={lecture.id} streaming={video.streaming} />}
            <div className="flex flex-wrap items-end gap-2">
              <div className="flex w-40 flex-col gap-1.5">
                <label htmlFor={durationId} className="flex items-center gap-1 text-sm font-medium text-fg">
                  <Clock aria-hidden="true" className="size-4 text-fg-muted" />
                  {t("video.durationSeconds")}
                </label>
                <NumberInput
                  id={durationId}
                  value={duration}
                  onChange={(event) => setDuration(event.target.value)}
                />
              </div>
              <Button
                variant="secondary"
                loading={mutations.update.isPending}
                disabled={
                  !duration || Number(duration) === lecture.duration_seconds || Number(duration) > 86_400
                }
                onClick={() => void saveDuration()}
              >
                {t("video.saveDuration")}
              </Button>
            </div>
          </>
        ) : (
          <p className="rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-fg">
            {t("video.none")}
          </p>
        )}
        <FileDropZone
          label={video ? t("video.replace") : t("video.choose")}
          hint={t("video.limits", { max: Math.round(catalogLimits.videoMaxBytes / MB) })}
          accept="video/mp4,video/webm,.mp4,.webm"
          maxSize={catalogLimits.videoMaxBytes}
          multiple={false}
          disabled={uploading}
          files={files}
          onFilesChange={(chosen) => void start(chosen)}
          onReject={(reason) => showError(t(`upload.rejected.${reason}`))}
          progress={progress}
          progressLabel={(file) => t("upload.progress", { name: file.name })}
          formatSize={(bytes) => formatBytes(bytes, i18n.language)}
          invalid={uploadError !== null}
          name="video"
        />
        {uploadError && (
          <p role="alert" className="text-sm text-danger">
            {uploadError}
          </p>
        )}
      </div>
    </Card>
  );
}
