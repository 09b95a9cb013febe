/** One verification item (photo or identity): status, reason, rules, preview and the upload zone. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Banner, Button, Card, FileDropZone } from "../../../components/ui";
import { reportUnexpected } from "../../../lib/report-error";
import { showError, showSuccess } from "../../../lib/toast";
import { documentUrl, type ProfileBody, useUploadDocument } from "../api";
import { identityFileProblem, MAX_UPLOAD_BYTES, photoFileProblem, statusTone } from "../logic";

export function DocumentCard({ kind, state }: { kind: "photo" | "identity"; state: ProfileBody["photo"] }) {
  const { t } = useTranslation("profile");
  const upload = useUploadDocument(kind);
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<string | null>(null);

  // The photo is private too: fetched with the session, shown from an object URL; a new upload
  // changes the status, so the preview is fetched again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: state.status marks a new upload
  useEffect(() => {
    if (kind !== "photo" || !state.uploaded) return;
    let url: string | null = null;
    let live = true;
    documentUrl("/iu/profile/photo")
      .then((d) => {
        url = d.url;
        if (live) setPreview(d.url);
      })
      .catch(reportUnexpected("loading the profile photo preview"));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [kind, state.uploaded, state.status]);

  const choose = (next: File[]) => {
    const file = next.at(-1);
    if (!file) return setFiles([]);
    const problem = kind === "photo" ? photoFileProblem(file) : identityFileProblem(file);
    if (problem) {
      showError(t(`upload.${problem}`));
      return setFiles([]);
    }
    setFiles([file]);
  };

  const send = async () => {
    const file = files[0];
    if (!file) return;
    try {
      const result = await upload.mutateAsync(file);
      setFiles([]);
      if (kind === "photo" && result.profile.photo.status === "failed") showError(result.message);
      else showSuccess(result.message);
    } catch (error) {
      showError(error);
    }
  };

  const open = async () => {
    try {
      const d = await documentUrl(`/iu/profile/${kind}`);
      window.open(d.url, "_blank", "noopener");
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{t(`${kind}.title`)}</h3>
        <Badge tone={statusTone[state.status]}>{t(`status.${state.status}`)}</Badge>
      </div>
      <div className="flex gap-4">
        {kind === "photo" && preview && (
          <img
            src={preview}
            alt={t("photo.alt")}
            className="h-28 w-24 shrink-0 rounded-md border border-border object-cover"
          />
        )}
        <p className="text-sm text-fg-muted">{t(`${kind}.rules`)}</p>
      </div>
      {state.status === "processing" && kind === "photo" && (
        <Banner tone="info">{t("photo.processing")}</Banner>
      )}
      {state.status === "failed" && (
        <Banner tone="danger">
          {kind === "photo" ? t("photo.failed", { status: t("status.failed") }) : t("status.failed")}
          {state.failure_reason ? ` ${t("photo.reason", { reason: state.failure_reason })}` : ""}
        </Banner>
      )}
      {kind === "identity" && state.uploaded && (
        <Button variant="link" className="self-start" onClick={open}>
          {t("identity.view")}
        </Button>
      )}
      {state.status !== "completed" && (
        <>
          <FileDropZone
            label={t(`${kind}.drop`)}
            hint={t(`${kind}.rules`)}
            accept={
              kind === "photo"
                ? ".jpg,.jpeg,image/jpeg"
                : ".jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf"
            }
            maxSize={MAX_UPLOAD_BYTES}
            maxFiles={1}
            multiple={false}
            files={files}
            onFilesChange={choose}
            onReject={(reason) => showError(t(`upload.${reason}`))}
            removeLabel={(file) => t("upload.remove", { name: file.name })}
          />
          <Button
            className="self-end"
            disabled={files.length === 0}
            loading={upload.isPending}
            onClick={send}
          >
            {t("upload.send")}
          </Button>
        </>
      )}
    </Card>
  );
}
