/**
 * The outline of a title: levels > modules > lectures. Each can be added, renamed, deleted (asked
 * once) and moved up or down with buttons (keyboard friendly: focus stays on the moved item's button
 * and the new place is announced). A lecture opens in the lecture editor.
 */
import type { AdminCourse } from "@aprendo/contract";
import {
  ArrowDown,
  ArrowUp,
  ChevronRight,
  FileText,
  HelpCircle,
  Layers,
  MoreHorizontal,
  Pencil,
  Plus,
  Trash2,
  Video,
  VideoOff,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  EmptyState,
  IconButton,
} from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useOutlineItem, useReorder } from "../api";
import { formatDuration, inLanguage, movedIds, type OutlineKind } from "../logic";
import { StatusBadge } from "./StatusBadge";
import { TitleDialog, type TitleValues } from "./TitleDialog";

type Level = AdminCourse["levels"][number];
type Module = Level["modules"][number];
type Lecture = Module["lectures"][number];
type Item = { id: number; title_en: string; title_es: string };

type TitleTask =
  | { mode: "add"; kind: OutlineKind; parentId: number }
  | { mode: "rename"; kind: OutlineKind; item: Item };
type DeleteTask = { kind: OutlineKind; item: Item };

const singular = { levels: "level", modules: "module", lectures: "lecture" } as const;

export function StructureEditor({
  course,
  onOpenLecture,
}: {
  course: AdminCourse;
  onOpenLecture: (lectureId: number) => void;
}) {
  const { t, i18n } = useTranslation("authoring");
  const language = i18n.language;
  const levels = useOutlineItem(course.id, "levels");
  const modules = useOutlineItem(course.id, "modules");
  const lectures = useOutlineItem(course.id, "lectures");
  const mutations = { levels, modules, lectures };
  const reorder = useReorder(course.id);
  const [titleTask, setTitleTask] = useState<TitleTask | null>(null);
  const [deleteTask, setDeleteTask] = useState<DeleteTask | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<{ key: string; direction: "up" | "down" } | null>(null);

  // After a move the item re-renders in its new place: put the focus back on its move button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the outline changes
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const find = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${pending.key}-${direction}"]`);
    const button = find(pending.direction);
    (button && !button.disabled ? button : find(pending.direction === "up" ? "down" : "up"))?.focus();
  }, [course]);

  const move = (
    kind: OutlineKind,
    parentId: number,
    siblings: readonly Item[],
    item: Item,
    delta: -1 | 1,
  ) => {
    const ids = movedIds(siblings, item.id, delta);
    if (!ids) return;
    pendingFocus.current = { key: `${kind}-${item.id}`, direction: delta < 0 ? "up" : "down" };
    setAnnouncement(
      t("structure.moved", {
        name: inLanguage(item, language),
        position: ids.indexOf(item.id) + 1,
        count: ids.length,
      }),
    );
    reorder.mutate({ kind, parentId, ids }, { onError: showError });
  };

  const saveTitle = async (values: TitleValues) => {
    if (!titleTask) return;
    const mutation = mutations[titleTask.kind];
    if (titleTask.mode === "add") {
      const result = await mutation.create.mutateAsync({ parentId: titleTask.parentId, body: values });
      showSuccess(result.message);
      if (titleTask.kind === "lectures") onOpenLecture(result.id);
    } else {
      const result = await mutation.rename.mutateAsync({ id: titleTask.item.id, body: values });
      showSuccess(result.message);
    }
  };

  const confirmDelete = async () => {
    if (!deleteTask) return;
    try {
      const result = await mutations[deleteTask.kind].remove.mutateAsync(deleteTask.item.id);
      showSuccess(result.message);
    } catch (error) {
      showError(error);
    }
  };

  const itemActions = (
    kind: OutlineKind,
    parentId: number,
    siblings: readonly Item[],
    item: Item,
    index: number,
  ) => (
    <MoveButtons
      moveKey={`${kind}-${item.id}`}
      name={inLanguage(item, language)}
      first={index === 0}
      last={index === siblings.length - 1}
      onMove={(delta) => move(kind, parentId, siblings, item, delta)}
    />
  );

  const menu = (kind: OutlineKind, item: Item) => (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton
          size="sm"
          icon={<MoreHorizontal />}
          aria-label={t("structure.moreActions", { name: inLanguage(item, language) })}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => setTitleTask({ mode: "rename", kind, item })}>
          <Pencil aria-hidden="true" />
          {t("common.rename")}
        </DropdownMenuItem>
        <DropdownMenuItem tone="danger" onSelect={() => setDeleteTask({ kind, item })}>
          <Trash2 aria-hidden="true" />
          {t("common.delete")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );

  const titleDialogCopy = titleTask
    ? titleTask.mode === "add"
      ? {
          title: t(`structure.add.${singular[titleTask.kind]}`),
          description: t(`structure.addHint.${singular[titleTask.kind]}`),
          submit: t("common.add"),
          initial: { title_en: "", title_es: "" },
        }
      : {
          title: t(`structure.rename.${singular[titleTask.kind]}`),
          description: undefined,
          submit: t("common.save"),
          initial: { title_en: titleTask.item.title_en, title_es: titleTask.item.title_es },
        }
    : null;

  return (
    <div className="flex flex-col gap-6">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {course.levels.length === 0 ? (
        <EmptyState
          icon={<Layers />}
          title={t("structure.empty")}
          text={t("structure.emptyText")}
          action={
            <Button onClick={() => setTitleTask({ mode: "add", kind: "levels", parentId: course.id })}>
              <Plus aria-hidden="true" className="size-4" />
              {t("structure.add.level")}
            </Button>
          }
        />
      ) : (
        <ol className="flex flex-col gap-6">
          {course.levels.map((level, levelIndex) => (
            <li key={level.id}>
              <Card className="overflow-hidden">
                <OutlineHeader
                  eyebrow={t("structure.levelNumber", { number: levelIndex + 1 })}
                  item={level}
                  language={language}
                  headingLevel={2}
                  actions={
                    <>
                      {itemActions("levels", course.id, course.levels, level, levelIndex)}
                      {menu("levels", level)}
                    </>
                  }
                  className="border-b border-border bg-surface-muted px-4 py-3"
                />
                <div className="flex flex-col gap-4 p-3 sm:p-4">
                  {level.modules.length === 0 && (
                    <p className="px-1 text-sm text-fg-muted">{t("structure.noModules")}</p>
                  )}
                  <ol className="flex flex-col gap-4">
                    {level.modules.map((module, moduleIndex) => (
                      <li key={module.id} className="rounded-lg border border-border">
                        <OutlineHeader
                          eyebrow={t("structure.moduleNumber", {
                            number: `${levelIndex + 1}.${moduleIndex + 1}`,
                          })}
                          item={module}
                          language={language}
                          headingLevel={3}
                          actions={
                            <>
                              {itemActions("modules", level.id, level.modules, module, moduleIndex)}
                              {menu("modules", module)}
                            </>
                          }
                          className="px-3 py-2"
                        />
                        <LectureList
                          module={module}
                          language={language}
                          onOpen={onOpenLecture}
                          actions={(lecture, index) => (
                            <>
                              {itemActions("lectures", module.id, module.lectures, lecture, index)}
                              <IconButton
                                size="sm"
                                variant="danger"
                                icon={<Trash2 />}
                                aria-label={t("structure.deleteNamed", {
                                  name: inLanguage(lecture, language),
                                })}
                                onClick={() => setDeleteTask({ kind: "lectures", item: lecture })}
                              />
                            </>
                          )}
                        />
                        <div className="border-t border-border px-2 py-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() =>
                              setTitleTask({ mode: "add", kind: "lectures", parentId: module.id })
                            }
                          >
                            <Plus aria-hidden="true" className="size-4" />
                            {t("structure.add.lecture")}
                            <span className="sr-only">
                              {t("structure.toNamed", { name: inLanguage(module, language) })}
                            </span>
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ol>
                  <div>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setTitleTask({ mode: "add", kind: "modules", parentId: level.id })}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                      {t("structure.add.module")}
                      <span className="sr-only">
                        {t("structure.toNamed", { name: inLanguage(level, language) })}
                      </span>
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      {course.levels.length > 0 && (
        <div>
          <Button onClick={() => setTitleTask({ mode: "add", kind: "levels", parentId: course.id })}>
            <Plus aria-hidden="true" className="size-4" />
            {t("structure.add.level")}
          </Button>
        </div>
      )}

      {titleDialogCopy && (
        <TitleDialog
          open={titleTask !== null}
          onOpenChange={(open) => !open && setTitleTask(null)}
          title={titleDialogCopy.title}
          description={titleDialogCopy.description}
          submitLabel={titleDialogCopy.submit}
          initial={titleDialogCopy.initial}
          onSubmit={saveTitle}
        />
      )}
      <ConfirmDialog
        open={deleteTask !== null}
        onOpenChange={(open) => !open && setDeleteTask(null)}
        title={
          deleteTask
            ? t(`structure.delete.${singular[deleteTask.kind]}`, {
                name: inLanguage(deleteTask.item, language),
              })
            : ""
        }
        description={deleteTask ? t(`structure.deleteText.${singular[deleteTask.kind]}`) : ""}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function OutlineHeader({
  eyebrow,
  item,
  language,
  headingLevel,
  actions,
  className,
}: {
  eyebrow: string;
  item: Item;
  language: string;
  /** Levels are h2 (right under the page title), modules h3: no level of the outline is skipped. */
  headingLevel: 2 | 3;
  actions: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = inLanguage(item, language);
  const other = language === "es" ? item.title_en : item.title_es;
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className ?? ""}`}>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs font-semibold tracking-wide text-primary uppercase">{eyebrow}</span>
        <Heading className={headingLevel === 2 ? "text-xl font-semibold text-fg" : "font-semibold text-fg"}>
          {title}
        </Heading>
        {other && other !== title && (
          <span className="text-sm text-fg-muted" lang={language === "es" ? "en" : "es"}>
            {other}
          </span>
        )}
      </div>
      <div className="flex items-center gap-1">{actions}</div>
    </div>
  );
}

function LectureList({
  module,
  language,
  onOpen,
  actions,
}: {
  module: Module;
  language: string;
  onOpen: (id: number) => void;
  actions: (lecture: Lecture, index: number) => ReactNode;
}) {
  const { t } = useTranslation("authoring");
  if (module.lectures.length === 0)
    return (
      <p className="border-t border-border px-3 py-3 text-sm text-fg-muted">{t("structure.noLectures")}</p>
    );
  return (
    <ol className="divide-y divide-border border-t border-border">
      {module.lectures.map((lecture, index) => (
        <li
          key={lecture.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 transition-colors duration-150 hover:bg-surface-muted"
        >
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-muted text-xs font-semibold text-fg-muted tabular-nums ring-1 ring-border"
          >
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
            <button
              type="button"
              onClick={() => onOpen(lecture.id)}
              className="group flex items-center gap-1 self-start rounded-sm text-left font-medium text-fg hover:text-primary focus-ring"
            >
              <span className="group-hover:underline">{inLanguage(lecture, language)}</span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
              <span className="sr-only">{t("structure.editLecture")}</span>
            </button>
            <div className="flex flex-wrap items-center gap-1.5">
              <StatusBadge status={lecture.status} />
              {lecture.is_preview && <Badge tone="accent">{t("lecture.preview")}</Badge>}
              {lecture.has_video ? (
                <Badge>
                  <Video aria-hidden="true" />
                  {formatDuration(lecture.duration_seconds)}
                </Badge>
              ) : (
                <Badge tone="warning">
                  <VideoOff aria-hidden="true" />
                  {t("structure.noVideo")}
                </Badge>
              )}
              {lecture.ebook_count > 0 && (
                <Badge>
                  <FileText aria-hidden="true" />
                  {t("structure.ebooks", { count: lecture.ebook_count })}
                </Badge>
              )}
              {lecture.faq_count > 0 && (
                <Badge>
                  <HelpCircle aria-hidden="true" />
                  {t("structure.faqs", { count: lecture.faq_count })}
                </Badge>
              )}
              {lecture.has_quiz && <Badge tone="info">{t("structure.quiz")}</Badge>}
            </div>
          </div>
          <div className="ml-auto flex items-center gap-1">{actions(lecture, index)}</div>
        </li>
      ))}
    </ol>
  );
}

export function MoveButtons({
  moveKey,
  name,
  first,
  last,
  onMove,
}: {
  moveKey: string;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation("authoring");
  return (
    <>
      <IconButton
        size="sm"
        icon={<ArrowUp />}
        aria-label={t("common.moveUp", { name })}
        data-move={`${moveKey}-up`}
        disabled={first}
        onClick={() => onMove(-1)}
      />
      <IconButton
        size="sm"
        icon={<ArrowDown />}
        aria-label={t("common.moveDown", { name })}
        data-move={`${moveKey}-down`}
        disabled={last}
        onClick={() => onMove(1)}
      />
    </>
  );
}
