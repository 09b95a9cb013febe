import { FileText, Upload, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, type ReactNode, useId, useState } from "react";
import { cn } from "../../lib/cn";
import { formatFileSize } from "../../lib/fileSize";
import { IconButton } from "./IconButton";
import { ProgressBar } from "./ProgressBar";

export type FileRejectReason = "type" | "size" | "count";

export type FileDropZoneProps = {
  /** The main text, e.g. "Drop files here or click to choose". */
  label: ReactNode;
  /** E.g. "PDF or images, up to 10 MB". */
  hint?: ReactNode;
  /** Same syntax as <input accept>: ".pdf,image/*,application/zip". */
  accept?: string;
  /** Largest accepted file, in bytes. */
  maxSize?: number;
  /** Most files in the list (chosen before plus new ones). */
  maxFiles?: number;
  multiple?: boolean;
  disabled?: boolean;
  name?: string;
  /** The chosen files, when the parent owns the list; otherwise the zone keeps its own. */
  files?: File[];
  onFilesChange?: (files: File[]) => void;
  /** Called once per refused file, with the reason; the file is not added. */
  onReject?: (reason: FileRejectReason, file: File) => void;
  /** Upload progress (0-100) by file name; a file with a value shows a progress bar. */
  progress?: Record<string, number>;
  /** Accessible name of a file's progress bar, e.g. (file) => t("upload.progressOf", { name: file.name }). */
  progressLabel?: (file: File) => string;
  /** Accessible name of a file's remove button; without it files cannot be removed. */
  removeLabel?: (file: File) => string;
  /** Locale-aware size text; defaults to Intl unit formatting in the page's language. */
  formatSize?: (bytes: number) => string;
  invalid?: boolean;
  /** The file input's id; Field sets it, with aria-describedby and aria-invalid. */
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  className?: string;
};

/** True when the file matches one entry of an `accept` list (extension, exact type or type/*). */
export function fileMatchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith(".")) return name.endsWith(entry);
      if (entry.endsWith("/*")) return type.startsWith(entry.slice(0, -1));
      return type === entry;
    });
}

function defaultFormatSize(bytes: number): string {
  return formatFileSize(bytes, typeof document === "undefined" ? undefined : document.documentElement.lang);
}

/** Drag-and-drop or click-to-choose file picker; the hidden input keeps it keyboard and screen-reader usable. */
export function FileDropZone({
  label,
  hint,
  accept,
  maxSize,
  maxFiles,
  multiple = true,
  disabled,
  name,
  files: filesProp,
  onFilesChange,
  onReject,
  progress,
  progressLabel,
  removeLabel,
  formatSize = defaultFormatSize,
  invalid: invalidProp,
  id,
  "aria-describedby": describedBy,
  "aria-invalid": ariaInvalid,
  className,
}: FileDropZoneProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const invalid = invalidProp || ariaInvalid === true || ariaInvalid === "true";
  const hintId = `${inputId}-hint`;
  const [ownFiles, setOwnFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const files = filesProp ?? ownFiles;

  const setFiles = (next: File[]) => {
    if (filesProp === undefined) setOwnFiles(next);
    onFilesChange?.(next);
  };

  const addFiles = (incoming: File[]) => {
    const limit = maxFiles ?? (multiple ? Number.POSITIVE_INFINITY : 1);
    const base = multiple ? files : [];
    const accepted: File[] = [];
    for (const file of incoming) {
      if (!fileMatchesAccept(file, accept)) onReject?.("type", file);
      else if (maxSize !== undefined && file.size > maxSize) onReject?.("size", file);
      else if (base.length + accepted.length >= limit) onReject?.("count", file);
      else accepted.push(file);
    }
    if (accepted.length > 0) setFiles([...base, ...accepted]);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    // Clearing lets the same file be chosen again after removing it.
    event.target.value = "";
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          "flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center",
          "border-border-strong bg-surface transition-colors duration-150 hover:bg-surface-muted focus-ring-within",
          "data-[dragging]:border-primary data-[dragging]:bg-primary-soft",
          invalid && "border-danger",
          disabled && "pointer-events-none opacity-60",
        )}
      >
        <Upload aria-hidden="true" className="size-8 text-primary" />
        <span className="text-sm font-medium text-fg">{label}</span>
        {hint && (
          <span id={hintId} className="text-xs text-fg-muted">
            {hint}
          </span>
        )}
        <input
          id={inputId}
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={cn(hint && hintId, describedBy) || undefined}
          onChange={onInputChange}
          className="sr-only"
        />
      </label>
      {files.length > 0 && (
        <ul className="flex flex-col gap-2">
          {files.map((file, index) => {
            const percent = progress?.[file.name];
            return (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex items-center gap-3 rounded-md border border-border bg-surface px-3 py-2"
              >
                <FileText aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="truncate text-fg">{file.name}</span>
                    <span className="shrink-0 text-xs text-fg-muted tabular-nums">
                      {formatSize(file.size)}
                    </span>
                  </div>
                  {percent !== undefined && (
                    <ProgressBar
                      value={percent}
                      label={progressLabel ? progressLabel(file) : file.name}
                      size="sm"
                      tone={percent >= 100 ? "success" : "primary"}
                      showValue
                    />
                  )}
                </div>
                {removeLabel && (
                  <IconButton
                    aria-label={removeLabel(file)}
                    icon={<X />}
                    size="sm"
                    disabled={disabled}
                    onClick={() => setFiles(files.filter((_, i) => i !== index))}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
