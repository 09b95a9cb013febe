/**
 * /certificates/verify: anyone checks an Open Badges 3.0 credential by uploading the
 * `.json`, `.jwt` or baked `.png` a learner shared, or by pasting a JWT. The server checks the
 * signature against our published keys and the certificate's current status.
 */
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Field, FileDropZone, PageHeader, Textarea } from "../../../components/ui";
import { showError } from "../../../lib/toast";
import { type CredentialInput, useVerifyCredential } from "../api";
import { CredentialResult } from "../components/CredentialResult";
import { credentialFromFile } from "../logic";

export default function VerifyCredentialPage() {
  const { t } = useTranslation("certificates");
  const verify = useVerifyCredential();
  const [pasted, setPasted] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const check = (input: CredentialInput) => verify.mutate(input, { onError: showError });

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PageHeader title={t("credentialCheck.title")} subtitle={t("credentialCheck.subtitle")} />
      {verify.data && <CredentialResult result={verify.data} />}
      <Card className="flex flex-col gap-5 p-4 sm:p-6">
        <Field label={t("credentialCheck.file")}>
          <FileDropZone
            label={t("credentialCheck.drop")}
            hint={t("credentialCheck.dropHint")}
            accept=".json,.jwt,.png,.txt,application/json,image/png"
            maxSize={2 * 1024 * 1024}
            maxFiles={1}
            files={files}
            onFilesChange={async (chosen) => {
              setFiles(chosen);
              const file = chosen[0];
              if (file) check(await credentialFromFile(file));
            }}
            onReject={() => showError(new Error(t("credentialCheck.badFile")))}
            removeLabel={(file) => t("credentialCheck.remove", { name: file.name })}
          />
        </Field>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (pasted.trim()) check({ jwt: pasted.trim() });
          }}
        >
          <Field label={t("credentialCheck.paste")}>
            <Textarea
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              rows={4}
              spellCheck={false}
              className="font-mono text-sm"
            />
          </Field>
          <Button type="submit" loading={verify.isPending} disabled={!pasted.trim()} className="self-start">
            <ShieldCheck aria-hidden="true" className="size-4" /> {t("credentialCheck.check")}
          </Button>
        </form>
      </Card>
    </div>
  );
}
