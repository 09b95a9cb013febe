/**
 * The downloads of one certificate: the PDF, the Open Badges 3.0 credential as JSON and
 * as a JWT, the baked PNG badge, and LinkedIn's "Add to profile" link.
 */
import { BriefcaseBusiness, Download, FileBadge, FileJson, KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/ui";
import { showError } from "../../../lib/toast";
import { type CertificateItem, downloadPdf } from "../api";
import { credentialName, linkedInUrl, pdfName } from "../logic";

export function CredentialDownloads({ certificate: c }: { certificate: CertificateItem }) {
  const { t } = useTranslation("certificates");
  const { t: common } = useTranslation("common");
  const [busy, setBusy] = useState<string | null>(null);
  const off = Boolean(c.revoked_at || c.suspended_at);
  const get = (key: string, path: string, filename: string) => async () => {
    setBusy(key);
    try {
      await downloadPdf(path, filename);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  const files: Array<{ key: string; icon: ReactNode; path: string; name: string }> = [
    {
      key: "json",
      icon: <FileJson aria-hidden="true" className="size-4" />,
      path: "credential.json",
      name: credentialName(c.item, c.code, "json"),
    },
    {
      key: "jwt",
      icon: <KeyRound aria-hidden="true" className="size-4" />,
      path: "credential.jwt",
      name: credentialName(c.item, c.code, "jwt"),
    },
    {
      key: "png",
      icon: <FileBadge aria-hidden="true" className="size-4" />,
      path: "badge.png",
      name: credentialName(c.item, c.code, "png"),
    },
  ];
  return (
    <div className="flex w-full flex-col items-center gap-3">
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center">
        <Button
          onClick={get("pdf", `/iu/certificates/${c.id}/pdf`, pdfName(c.item, c.code))}
          loading={busy === "pdf"}
          disabled={off}
        >
          <Download aria-hidden="true" className="size-4" /> {t("download")}
        </Button>
        {files.map((f) => (
          <Button
            key={f.key}
            variant="secondary"
            onClick={get(f.key, `/iu/certificates/${c.id}/${f.path}`, f.name)}
            loading={busy === f.key}
            disabled={off}
          >
            {f.icon} {t(`credential.${f.key}`)}
          </Button>
        ))}
      </div>
      {!off && (
        <a
          href={linkedInUrl(c, common("brand"))}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses({ variant: "ghost", size: "sm" })}
        >
          <BriefcaseBusiness aria-hidden="true" className="size-4" /> {t("credential.linkedin")}
        </a>
      )}
      <p className="max-w-prose text-center text-sm text-fg-muted">{t("credential.explain")}</p>
    </div>
  );
}
