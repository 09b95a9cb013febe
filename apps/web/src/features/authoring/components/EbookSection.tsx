/** A lecture's e-books (PDF): the list with pages and size, removal (asked once) and an upload with progress. */
import { type AdminLecture, catalogLimits, MB } from "@aprendo/contract";
import { BookOpen, Download, ExternalLink, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, ConfirmDialog, Field, FileDropZone, IconButton, Input } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { fetchEbookFile, type useLectureMutations } from "../api";
import { formatBytes, inLanguage, titleFromFileName } from "../logic";
import { SectionTitle } from "./SectionTitle";

type Mutations = ReturnType<typeof useLectureMutations>;
type Ebook = AdminLecture["ebooks"][number];

export function EbookSection({ lecture, mutations }: { lecture: AdminLecture; mutations: Mutations }) {
  const { t, i18n } = useTranslation("authoring");
  const language = i18n.language;
  const [files, setFiles] = useState<File[]>([]);
  const [titleEn, setTitleEn] = useState("");
  const [titleEs, setTitleEs] = useState("");
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [removing, setRemoving] = useState<Ebook | null>(null);
  const file = files[0];
  const uploading = mutations.addEbook.isPending;

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    const name = chosen[0] ? titleFromFileName(chosen[0].name) : "";
    if (!titleEn) setTitleEn(name);
    if (!titleEs) setTitleEs(name);
  };

  const send = async () => {
    if (!file) return;
    try {
      const result = await mutations.addEbook.mutateAsync({
        file,
        titleEn: titleEn.trim(),
        titleEs: titleEs.trim(),
        onProgress: (percent) => setProgress({ [file.name]: percent }),
      });
      showSuccess(result.message);
      setFiles([]);
      setTitleEn("");
      setTitleEs("");
    } catch (error) {
      showError(error);
    } finally {
      setProgress({});
    }
  };

  /** Opens (a new tab with the browser's PDF viewer) or saves an uploaded PDF, fetched with the session. */
  const [opening, setOpening] = useState<number | null>(null);
  const openFile = async (ebook: Ebook, mode: "open" | "download") => {
    // A tab opened before the request is not blocked as a pop-up; it gets the file when it arrives.
    const tab = mode === "open" ? window.open("", "_blank") : null;
    setOpening(ebook.id);
    try {
      const blob = await fetchEbookFile(ebook.id);
      const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
      if (tab) tab.location.href = url;
      else {
        const link = document.createElement("a");
        link.href = url;
        link.download = `${inLanguage(ebook, language).replace(/[\\/:*?"<>|]+/g, "_")}.pdf`;
        document.body.append(link);
        link.click();
        link.remove();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      showError(error);
    } finally {
      setOpening(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      showSuccess((await mutations.removeEbook.mutateAsync(removing.id)).message);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <SectionTitle icon={<BookOpen />} title={t("ebooks.title")} hint={t("ebooks.hint")} />
      <div className="flex flex-col gap-4">
        {lecture.ebooks.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("ebooks.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {lecture.ebooks.map((ebook) => {
              const title = inLanguage(ebook, language);
              return (
                <li key={ebook.id} className="flex items-center gap-3 px-3 py-2">
                  <FileText aria-hidden="true" className="size-5 shrink-0 text-danger" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium text-fg">{title}</span>
                    <span className="text-xs text-fg-muted tabular-nums">
                      {t("ebooks.meta", {
                        count: ebook.pages,
                        size: formatBytes(ebook.size_bytes, language),
                      })}
                    </span>
                  </div>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    icon={<ExternalLink />}
                    aria-label={t("ebooks.open", { name: title })}
                    disabled={opening === ebook.id}
                    onClick={() => void openFile(ebook, "open")}
                  />
                  <IconButton
                    size="sm"
                    variant="ghost"
                    icon={<Download />}
                    aria-label={t("ebooks.download", { name: title })}
                    disabled={opening === ebook.id}
                    onClick={() => void openFile(ebook, "download")}
                  />
                  <IconButton
                    size="sm"
                    variant="danger"
                    icon={<Trash2 />}
                    aria-label={t("ebooks.remove", { name: title })}
                    onClick={() => setRemoving(ebook)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-col gap-3 rounded-md bg-surface-muted p-3">
          <FileDropZone
            label={t("ebooks.choose")}
            hint={t("ebooks.limits", { max: Math.round(catalogLimits.ebookMaxBytes / MB) })}
            accept="application/pdf,.pdf"
            maxSize={catalogLimits.ebookMaxBytes}
            multiple={false}
            disabled={uploading}
            files={files}
            onFilesChange={choose}
            onReject={(reason) => showError(t(`upload.rejected.${reason}`))}
            progress={progress}
            progressLabel={(f) => t("upload.progress", { name: f.name })}
            removeLabel={uploading ? undefined : (f) => t("upload.removeFile", { name: f.name })}
            formatSize={(bytes) => formatBytes(bytes, language)}
            name="ebook"
          />
          {file && (
            <>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <Field label={t("common.titleIn", { language: t("common.english") })}>
                  <Input
                    value={titleEn}
                    maxLength={160}
                    lang="en"
                    onChange={(e) => setTitleEn(e.target.value)}
                  />
                </Field>
                <Field label={t("common.titleIn", { language: t("common.spanish") })}>
                  <Input
                    value={titleEs}
                    maxLength={160}
                    lang="es"
                    onChange={(e) => setTitleEs(e.target.value)}
                  />
                </Field>
              </div>
              <div className="flex justify-end">
                <Button onClick={() => void send()} loading={uploading}>
                  {t("ebooks.upload")}
                </Button>
              </div>
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("ebooks.removeTitle", { name: removing ? inLanguage(removing, language) : "" })}
        description={t("ebooks.removeText")}
        confirmLabel={t("ebooks.removeConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={remove}
      />
    </Card>
  );
}
