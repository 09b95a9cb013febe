/**
 * Up to three screenshots with the rules of spec sections 5 and 9 checked before sending: each at
 * most 500 KB, an image by its content, no file twice. Refused files are listed with the reason.
 */
import { KB } from "@aprendo/contract/domain";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, FileDropZone } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import {
  addScreenshots,
  fileSize,
  type ScreenshotIssue,
  screenshotIssueMessage,
  screenshotRules,
} from "../logic";

export type ScreenshotPickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Messages from the server for these files (`errors.screenshots`). */
  serverErrors?: string[];
  disabled?: boolean;
  compact?: boolean;
};

export function ScreenshotPicker({
  files,
  onChange,
  serverErrors,
  disabled,
  compact,
}: ScreenshotPickerProps) {
  const { t, i18n } = useTranslation("support");
  const [issues, setIssues] = useState<ScreenshotIssue[]>([]);
  // The drop zone refuses files of another type itself, just before it reports the accepted ones.
  const refused = useRef<ScreenshotIssue[]>([]);
  const messages = [
    ...issues.map((i) => translateMessage(screenshotIssueMessage(i))),
    ...(serverErrors ?? []),
  ];

  const refuse = (name: string) => {
    refused.current.push({ name, problem: "type" });
    queueMicrotask(() => {
      if (refused.current.length === 0) return;
      setIssues(refused.current);
      refused.current = [];
    });
  };

  const change = async (next: File[]) => {
    const refusedNow = refused.current;
    refused.current = [];
    const added = next.filter((file) => !files.includes(file));
    if (added.length === 0) {
      setIssues(refusedNow);
      onChange(next);
      return;
    }
    const kept = next.filter((file) => files.includes(file));
    const result = await addScreenshots(kept, added);
    setIssues([...refusedNow, ...result.issues]);
    onChange(result.files);
  };

  return (
    <Field
      label={t("form.screenshots")}
      hint={t("form.screenshotsHint", { max: screenshotRules.max, size: screenshotRules.maxBytes / KB })}
      error={
        messages.length > 0 ? (
          <span data-testid="screenshot-errors" className="flex flex-col gap-0.5">
            {messages.map((message) => (
              <span key={message}>{message}</span>
            ))}
          </span>
        ) : undefined
      }
    >
      {(control) => (
        <FileDropZone
          {...control}
          label={compact ? t("form.attach") : t("form.dropScreenshots")}
          accept={screenshotRules.accept}
          files={files}
          disabled={disabled}
          onFilesChange={(next) => void change(next)}
          onReject={(reason, file) => reason === "type" && refuse(file.name)}
          removeLabel={(file) => t("form.removeFile", { name: file.name })}
          formatSize={(bytes) => fileSize(bytes, i18n.language)}
          className={compact ? "[&>label]:min-h-20 [&>label]:py-4" : undefined}
        />
      )}
    </Field>
  );
}
