/** The lecture editor's downloadable resources: the list, removal, and an upload (PDF, ZIP, code or text). */
import { type catalogCreated, lectureMediaLimits, MB, type MessageBody } from "@aprendo/contract";
import { Paperclip, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button, Card, Field, FileDropZone, IconButton, Input } from "../../../../components/ui";
import { del } from "../../../../lib/http";
import { showError, showSuccess } from "../../../../lib/toast";
import { formatBytes } from "../../logic";
import { upload } from "../../upload";
import { SectionTitle } from "../SectionTitle";
import { useExtrasChange, useMediaExtras } from "./api";

export function ResourcesSection({ courseId, lectureId }: { courseId: number; lectureId: number }) {
  const { t, i18n } = useTranslation("authoring");
  const extras = useMediaExtras(lectureId);
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const [progress, setProgress] = useState<Record<string, number>>({});
  const add = useExtrasChange(courseId, lectureId, ({ file, title }: { file: File; title: string }) => {
    const form = new FormData();
    if (title) form.append("title", title);
    form.append("file", file);
    return upload<z.infer<typeof catalogCreated>>(`/af/lectures/${lectureId}/resources`, form, {
      onProgress: (percent) => setProgress({ [file.name]: percent }),
    });
  });
  const remove = useExtrasChange(courseId, lectureId, (id: number) =>
    del<MessageBody>(`/af/lecture-resources/${id}`),
  );
  const file = files[0];

  const send = async () => {
    if (!file) return;
    try {
      showSuccess((await add.mutateAsync({ file, title: title.trim() })).message);
      setFiles([]);
      setTitle("");
    } catch (error) {
      showError(error);
    } finally {
      setProgress({});
    }
  };

  const resources = extras.data?.resources ?? [];
  return (
    <Card className="p-4 sm:p-6" data-testid="resources-section">
      <SectionTitle icon={<Paperclip />} title={t("resources.title")} hint={t("resources.hint")} />
      <div className="flex flex-col gap-4">
        {resources.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("resources.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {resources.map((resource) => (
              <li key={resource.id} className="flex items-center gap-3 px-3 py-2">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium text-fg">{resource.title}</span>
                  <span className="truncate text-xs text-fg-muted">
                    {resource.file_name} · {formatBytes(resource.size_bytes, i18n.language)}
                  </span>
                </span>
                <IconButton
                  size="sm"
                  variant="danger"
                  icon={<Trash2 />}
                  aria-label={t("resources.remove", { name: resource.title })}
                  onClick={() =>
                    remove.mutateAsync(resource.id).then((r) => showSuccess(r.message), showError)
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-3 rounded-md bg-surface-muted p-3">
          <FileDropZone
            label={t("resources.choose")}
            hint={t("resources.limits", { max: Math.round(lectureMediaLimits.resourceMaxBytes / MB) })}
            accept=".pdf,.zip,.txt,.md,.csv,.json,.py,.js,.ts,.java,.c,.cpp,.cs,.rb,.go,.rs,.sql,.html,.css,.xml,.yaml,.yml,.ipynb"
            maxSize={lectureMediaLimits.resourceMaxBytes}
            multiple={false}
            disabled={add.isPending}
            files={files}
            onFilesChange={setFiles}
            onReject={(reason) => showError(t(`upload.rejected.${reason}`))}
            progress={progress}
            progressLabel={(f) => t("upload.progress", { name: f.name })}
            removeLabel={add.isPending ? undefined : (f) => t("upload.removeFile", { name: f.name })}
            formatSize={(bytes) => formatBytes(bytes, i18n.language)}
            name="resource"
          />
          {file && (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field label={t("resources.titleLabel")} className="flex-1">
                <Input
                  value={title}
                  maxLength={160}
                  placeholder={file.name}
                  onChange={(e) => setTitle(e.target.value)}
                />
              </Field>
              <Button onClick={() => void send()} loading={add.isPending}>
                {t("resources.upload")}
              </Button>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
