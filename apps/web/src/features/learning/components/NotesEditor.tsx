/**
 * The learner's own note on a lecture: a TipTap rich-text editor (loaded only with this tab) that
 * saves itself a moment after typing stops, with a saved indicator. Emptying it deletes the note.
 */
import { useQueryClient } from "@tanstack/react-query";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  CircleAlert,
  CircleCheck,
  Clock,
  Heading2,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, ErrorState, Skeleton, Spinner } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { deleteNote, type NoteDoc, saveNote, useNote } from "../api";
import { isEmptyDoc, type NoteNode, proseClasses } from "../noteRender";
import { activePlayer } from "./video/bridge";
import { stampAt, stampOf } from "./video/stamps";

/** Autosave waits this long after the last keystroke. */
export const AUTOSAVE_MS = 800;

type Status = "idle" | "dirty" | "saving" | "saved" | "error";

/** `hasVideo`: the toolbar offers a stamp of the video's current time, and stamps seek the video. */
export default function NotesEditor({
  lectureId,
  hasVideo = false,
}: {
  lectureId: number;
  hasVideo?: boolean;
}) {
  const { t } = useTranslation("learning");
  const note = useNote(lectureId);
  if (note.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (note.isError)
    return (
      <ErrorState
        message={t("notes.loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void note.refetch()}
        retrying={note.isFetching}
      />
    );
  return (
    <Editor
      lectureId={lectureId}
      hasVideo={hasVideo}
      initial={note.data?.content ?? null}
      savedAt={note.data?.updated_at ?? null}
    />
  );
}

function Editor({
  lectureId,
  hasVideo,
  initial,
  savedAt: initialSavedAt,
}: {
  lectureId: number;
  hasVideo: boolean;
  initial: NoteDoc | null;
  savedAt: string | null;
}) {
  const { t, i18n } = useTranslation("learning");
  const [status, setStatus] = useState<Status>(initial ? "saved" : "idle");
  const [savedAt, setSavedAt] = useState(initialSavedAt);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const exists = useRef(initial !== null);
  const pending = useRef<NoteDoc | null>(null);
  const saving = useRef(false);
  const client = useQueryClient();

  const persist = useCallback(async () => {
    clearTimeout(timer.current);
    const doc = pending.current;
    if (!doc || saving.current) return;
    pending.current = null;
    saving.current = true;
    setStatus("saving");
    try {
      if (isEmptyDoc(doc as NoteNode)) {
        if (exists.current) await deleteNote(lectureId);
        exists.current = false;
        setSavedAt(new Date().toISOString());
        client.setQueryData(["learning", "note", lectureId], { data: null });
      } else {
        const result = await saveNote(lectureId, doc);
        exists.current = true;
        setSavedAt(result.data?.updated_at ?? new Date().toISOString());
        client.setQueryData(["learning", "note", lectureId], result);
      }
      setStatus(pending.current ? "dirty" : "saved");
      void client.invalidateQueries({ queryKey: ["learning", "notes"] });
    } catch {
      pending.current ??= doc;
      setStatus("error");
    } finally {
      saving.current = false;
    }
    // Typing went on during the save: save again.
    if (pending.current && !timer.current) void persist();
  }, [lectureId, client]);

  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false })],
    content: initial ?? "",
    immediatelyRender: true,
    editorProps: {
      // A click on a "[1:05]" stamp seeks the video there.
      handleClick: (view, pos) => {
        const player = activePlayer();
        if (!player) return false;
        const { parent, parentOffset } = view.state.doc.resolve(pos);
        const seconds = stampAt(parent.textContent, parentOffset);
        if (seconds === null) return false;
        player.seek(seconds);
        return false;
      },
      attributes: {
        class: cn("min-h-48 px-4 py-3 focus:outline-none", proseClasses),
        "aria-label": t("notes.editorLabel"),
        "aria-multiline": "true",
        role: "textbox",
        "data-testid": "note-editor",
      },
    },
    onUpdate: ({ editor: current }) => {
      pending.current = current.getJSON() as NoteDoc;
      setStatus("dirty");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void persist();
      }, AUTOSAVE_MS);
    },
  });

  // Leaving the lecture saves what was typed at once.
  useEffect(
    () => () => {
      if (pending.current) void persist();
    },
    [persist],
  );

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      heading: e.isActive("heading", { level: 2 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });

  const tools: Array<{
    key: string;
    icon: LucideIcon;
    label: string;
    on?: boolean;
    run: () => void;
    disabled?: boolean;
  }> = [
    {
      key: "bold",
      icon: Bold,
      label: t("notes.tools.bold"),
      on: active.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: "italic",
      icon: Italic,
      label: t("notes.tools.italic"),
      on: active.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: "underline",
      icon: Underline,
      label: t("notes.tools.underline"),
      on: active.underline,
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: "strike",
      icon: Strikethrough,
      label: t("notes.tools.strike"),
      on: active.strike,
      run: () => editor.chain().focus().toggleStrike().run(),
    },
    {
      key: "heading",
      icon: Heading2,
      label: t("notes.tools.heading"),
      on: active.heading,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "bullet",
      icon: List,
      label: t("notes.tools.bullet"),
      on: active.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: "ordered",
      icon: ListOrdered,
      label: t("notes.tools.ordered"),
      on: active.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: "quote",
      icon: Quote,
      label: t("notes.tools.quote"),
      on: active.quote,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    ...(hasVideo
      ? [
          {
            key: "stamp",
            icon: Clock,
            label: t("notes.tools.stamp"),
            run: () => {
              const seconds = activePlayer()?.time() ?? 0;
              editor
                .chain()
                .focus()
                .insertContent(`${stampOf(seconds)} `)
                .run();
            },
          },
        ]
      : []),
    {
      key: "undo",
      icon: Undo2,
      label: t("notes.tools.undo"),
      run: () => editor.chain().focus().undo().run(),
      disabled: !active.undo,
    },
    {
      key: "redo",
      icon: Redo2,
      label: t("notes.tools.redo"),
      run: () => editor.chain().focus().redo().run(),
      disabled: !active.redo,
    },
  ];

  const language = dateLanguage(i18n.language);
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-hidden rounded-lg border border-border-strong bg-surface focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring">
        <div
          role="toolbar"
          aria-label={t("notes.toolbar")}
          className="flex flex-wrap gap-0.5 border-b border-border bg-surface-muted p-1"
        >
          {tools.map((tool) => (
            <button
              key={tool.key}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.on === undefined ? undefined : tool.on}
              disabled={tool.disabled}
              onClick={tool.run}
              className={cn(
                "inline-flex size-11 items-center justify-center rounded-md text-fg-muted transition-colors duration-150 hover:bg-surface hover:text-fg focus-ring disabled:opacity-40 sm:size-9",
                tool.on && "bg-primary-soft text-primary hover:bg-primary-soft hover:text-primary",
                (tool.key === "heading" || tool.key === "stamp" || tool.key === "undo") && "ml-1 sm:ml-2",
              )}
            >
              <tool.icon aria-hidden="true" className="size-4" />
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      <div
        className="flex min-h-6 items-center justify-between gap-2 text-xs text-fg-muted"
        aria-live="polite"
      >
        <span>{t("notes.private")}</span>
        <span className="inline-flex items-center gap-1.5" data-testid="note-status">
          {status === "saving" && (
            <>
              <Spinner size="sm" />
              {t("notes.saving")}
            </>
          )}
          {status === "dirty" && t("notes.unsaved")}
          {status === "saved" && (
            <>
              <CircleCheck aria-hidden="true" className="size-4 text-success" />
              {savedAt ? t("notes.savedAt", { time: formatDateTime(savedAt, language) }) : t("notes.saved")}
            </>
          )}
          {status === "error" && (
            <>
              <CircleAlert aria-hidden="true" className="size-4 text-danger" />
              <span className="text-danger">{t("notes.saveFailed")}</span>
              <Button variant="link" size="sm" className="min-h-0" onClick={() => void persist()}>
                {t("retry")}
              </Button>
            </>
          )}
        </span>
      </div>
    </div>
  );
}
