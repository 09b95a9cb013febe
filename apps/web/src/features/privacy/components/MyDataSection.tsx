/** The profile's "Your data" card: ask for a copy of one's data and download it for 7 days. */
import { Download, FileJson } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Banner, Button, Card, Skeleton } from "../../../components/ui";
import { formatFileSize } from "../../../lib/fileSize";
import { dateLanguage, formatDate } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { downloadFile, useMyExport, useRequestExport } from "../api";

export const formatBytes = formatFileSize;

export function MyDataSection() {
  const { t, i18n } = useTranslation("privacy");
  const mine = useMyExport();
  const ask = useRequestExport();
  const current = mine.data ?? null;
  const lang = dateLanguage(i18n.language);

  const request = async () => {
    try {
      showSuccess((await ask.mutateAsync()).message);
    } catch (error) {
      showError(error);
    }
  };
  const download = async () => {
    if (!current?.download_url) return;
    try {
      await downloadFile(
        current.download_url,
        `my-data-${(current.ready_at ?? current.created_at).slice(0, 10)}.json`,
      );
    } catch (error) {
      showError(error);
    }
  };

  return (
    <section aria-labelledby="my-data-title" id="my-data">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <FileJson aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex flex-col gap-1">
            <h2 id="my-data-title" className="text-base font-semibold">
              {t("myData.title")}
            </h2>
            <p className="text-sm text-fg-muted">{t("myData.text")}</p>
          </div>
        </div>
        {mine.isPending ? (
          <Skeleton className="h-10 w-48" />
        ) : current?.status === "pending" ? (
          <Banner tone="info">
            <span role="status">{t("myData.pending")}</span>
          </Banner>
        ) : current?.status === "ready" ? (
          <div className="flex flex-col gap-3">
            <Banner tone="success">
              {t("myData.ready", {
                size: formatBytes(current.file_bytes ?? 0, i18n.language),
                date: formatDate(current.expires_at ?? current.created_at, lang),
              })}
            </Banner>
            <div>
              <Button onClick={download}>
                <Download aria-hidden="true" className="size-4" />
                {t("myData.download")}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {current?.status === "failed" && <Banner tone="danger">{t("myData.failed")}</Banner>}
            {current?.status === "expired" && <Banner tone="info">{t("myData.expired")}</Banner>}
            <div>
              <Button variant="secondary" onClick={request} loading={ask.isPending}>
                <Download aria-hidden="true" className="size-4" />
                {current ? t("myData.again") : t("myData.request")}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </section>
  );
}
