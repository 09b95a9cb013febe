/** The lecture's downloadable resources (PDF, ZIP, code files), fetched with the session and saved. */
import type { LectureResource, lectureResourceList } from "@aprendo/contract";
import { useQuery } from "@tanstack/react-query";
import { Download, FileArchive, FileCode, FileText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../../components/ui";
import { formatFileSize as formatBytes } from "../../../../lib/fileSize";
import { get } from "../../../../lib/http";
import { showError } from "../../../../lib/toast";
import { downloadPdf as downloadWithSession } from "../../../certificates/api";

const iconOf = (type: string) =>
  type === "application/zip" ? FileArchive : type === "application/pdf" ? FileText : FileCode;

export function ResourceList({ lectureId }: { lectureId: number }) {
  const { t, i18n } = useTranslation("learning");
  const resources = useQuery({
    queryKey: ["learning", "resources", lectureId],
    queryFn: () => get<z.infer<typeof lectureResourceList>>(`/iu/lectures/${lectureId}/resources`),
  });
  const [busy, setBusy] = useState<number | null>(null);
  const list = resources.data?.data ?? [];
  if (list.length === 0) return null;

  const save = async (resource: LectureResource) => {
    setBusy(resource.id);
    try {
      await downloadWithSession(resource.url, resource.file_name);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`resources-${lectureId}`} className="mt-6 flex flex-col gap-3">
      <h2 id={`resources-${lectureId}`} className="font-semibold text-fg">
        {t("resources.title")}
      </h2>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface">
        {list.map((resource) => {
          const Icon = iconOf(resource.type);
          return (
            <li key={resource.id} className="flex items-center gap-3 px-3 py-2">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium text-fg">{resource.title}</span>
                <span className="truncate text-xs text-fg-muted">
                  {resource.file_name} · {formatBytes(resource.size_bytes, i18n.language)}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                loading={busy === resource.id}
                onClick={() => void save(resource)}
              >
                <Download aria-hidden="true" className="size-4" />
                {t("resources.download")}
                <span className="sr-only">: {resource.title}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
