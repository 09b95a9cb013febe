/**
 * /webview/ebook?token=…[&ebook=id&page=n] : an e-book alone on the screen, for the mobile apps'
 * web views. The signed token (POST …/view-token, 30 minutes) is the only credential needed; the
 * page is remembered when the reader also has a session here.
 */

import { Role } from "@aprendo/contract/domain";
import { FileWarning } from "lucide-react";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { positiveInt } from "../../catalog/logic";
import { saveEbookPage } from "../api";
import { PdfViewer } from "../components/PdfViewer";

export default function WebviewEbookPage() {
  const { t } = useTranslation("learning");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const ebookId = positiveInt(params.get("ebook"), 0);
  const startPage = positiveInt(params.get("page"), 1);
  const signedIn = useSession((s) => s.token !== null && s.role === Role.learner);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onPageChange = useMemo(
    () =>
      signedIn && ebookId
        ? (page: number) => {
            clearTimeout(timer.current);
            // Reading goes on when the page is not saved; the next page turn saves again.
            timer.current = setTimeout(
              () =>
                void saveEbookPage(ebookId, page).catch((error: unknown) =>
                  console.warn("e-book page not saved", { ebookId, page, error }),
                ),
              700,
            );
          }
        : undefined,
    [signedIn, ebookId],
  );
  return (
    <main id="main" className="flex h-dvh flex-col bg-background">
      <h1 className="sr-only">{t("viewer.webviewTitle")}</h1>
      {token.length < 10 ? (
        <div className="p-6">
          <EmptyState
            icon={<FileWarning />}
            title={t("viewer.linkInvalidTitle")}
            text={t("viewer.linkInvalidText")}
          />
        </div>
      ) : (
        <PdfViewer
          url={`/api/ebooks/view?token=${encodeURIComponent(token)}`}
          initialPage={startPage}
          onPageChange={onPageChange}
        />
      )}
    </main>
  );
}
