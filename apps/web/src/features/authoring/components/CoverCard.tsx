/** A title's cover: the preview at 16:9 and an upload (JPEG, PNG or WebP up to 5 MB) with progress. */
import { type AdminCourse, catalogLimits, MB } from "@aprendo/contract";
import { ImageIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, FileDropZone } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useUploadCover } from "../api";
import { formatBytes, inLanguage } from "../logic";
import { CoverImage } from "./CoverImage";
import { SectionTitle } from "./SectionTitle";

export function CoverCard({ course }: { course: AdminCourse }) {
  const { t, i18n } = useTranslation("authoring");
  const upload = useUploadCover(course.id);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});

  const start = async (chosen: File[]) => {
    const file = chosen[0];
    setFiles(chosen);
    if (!file) return;
    try {
      await upload.mutateAsync({ file, onProgress: (percent) => setProgress({ [file.name]: percent }) });
      showSuccess(t("cover.uploaded"));
    } catch (error) {
      showError(error);
    } finally {
      setFiles([]);
      setProgress({});
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <SectionTitle icon={<ImageIcon />} title={t("cover.title")} hint={t("cover.hint")} />
      <div className="flex flex-col gap-4">
        <CoverImage
          url={course.cover_url}
          status={course.status}
          title={inLanguage(course, i18n.language)}
          className="ring-1 ring-border"
        />
        <FileDropZone
          label={course.cover_url ? t("cover.replace") : t("cover.choose")}
          hint={t("cover.limits", { max: Math.round(catalogLimits.coverMaxBytes / MB) })}
          accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
          maxSize={catalogLimits.coverMaxBytes}
          multiple={false}
          disabled={upload.isPending}
          files={files}
          onFilesChange={(chosen) => void start(chosen)}
          onReject={(reason) => showError(t(`upload.rejected.${reason}`))}
          progress={progress}
          progressLabel={(file) => t("upload.progress", { name: file.name })}
          formatSize={(bytes) => formatBytes(bytes, i18n.language)}
          name="cover"
        />
      </div>
    </Card>
  );
}
