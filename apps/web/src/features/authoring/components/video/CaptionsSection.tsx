/**
 * The lecture editor's captions and chapters: a WebVTT file per language (English, Spanish), checked
 * by the server (the message names the line to fix), and the chapters (title in both languages and
 * the start as m:ss). A lecture with a video and no captions says why it needs them.
 */
import { type CaptionLanguage, captionLanguages, type LectureMediaExtras } from "@aprendo/contract";
import { Captions, ListOrdered, Plus, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner, Button, Card, Field, IconButton, Input, Skeleton } from "../../../../components/ui";
import { translateMessage } from "../../../../i18n";
import { errorMessages, showError, showSuccess } from "../../../../lib/toast";
import { clock } from "../../../catalog/logic";
import { formatBytes } from "../../logic";
import { SectionTitle } from "../SectionTitle";
import { type ChaptersBody, useCaptionMutations, useMediaExtras } from "./api";

const languageNames = { en: "English", es: "Español" } as const;

/** The server's messages for a failed save, translated, on one line. */
const problemOf = (error: unknown) => [...new Set(errorMessages(error).map(translateMessage))].join(" ");

/** "1:05" or "65" → 65; null when it is neither. */
export function parseClock(value: string): number | null {
  const text = value.trim();
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text) ?? /^()()(\d+)$/.exec(text);
  if (!m) return null;
  const [, h, mm, ss] = m;
  if (mm === "" && h === "") return Number(ss);
  if (Number(ss) > 59) return null;
  return Number(h || 0) * 3600 + Number(mm) * 60 + Number(ss);
}

export function CaptionsSection({ courseId, lectureId }: { courseId: number; lectureId: number }) {
  const { t } = useTranslation("authoring");
  const extras = useMediaExtras(lectureId);
  const data = extras.data;
  return (
    <Card className="p-4 sm:p-6" data-testid="captions-section">
      <SectionTitle icon={<Captions />} title={t("captions.title")} hint={t("captions.hint")} />
      {!data ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : !data.has_video ? (
        <p className="text-sm text-fg-muted">{t("captions.videoFirst")}</p>
      ) : (
        <div className="flex flex-col gap-5">
          {data.captions.length === 0 && (
            <Banner tone="warning" title={t("captions.missingTitle")}>
              {t("captions.missingText")}
            </Banner>
          )}
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {captionLanguages.map((language) => (
              <CaptionRow
                key={language}
                language={language}
                data={data}
                courseId={courseId}
                lectureId={lectureId}
              />
            ))}
          </ul>
          <ChaptersEditor
            key={JSON.stringify(data.chapters)}
            data={data}
            courseId={courseId}
            lectureId={lectureId}
          />
        </div>
      )}
    </Card>
  );
}

function CaptionRow({
  language,
  data,
  courseId,
  lectureId,
}: {
  language: CaptionLanguage;
  data: LectureMediaExtras;
  courseId: number;
  lectureId: number;
}) {
  const { t, i18n } = useTranslation("authoring");
  const mutations = useCaptionMutations(courseId, lectureId);
  const caption = data.captions.find((c) => c.language === language);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const busy = mutations.upload.isPending && mutations.upload.variables?.language === language;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    try {
      showSuccess((await mutations.upload.mutateAsync({ language, file })).message);
    } catch (error) {
      // The server's answer names the line to fix: it stays beside the row while the author fixes it.
      setProblem(problemOf(error));
    }
  };
  const remove = async () => {
    try {
      showSuccess((await mutations.remove.mutateAsync(language)).message);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <li className="flex flex-col gap-2 px-3 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="text-sm font-medium text-fg" lang={language}>
            {languageNames[language]}
          </span>
          <span className="text-xs text-fg-muted tabular-nums">
            {caption
              ? t("captions.meta", {
                  count: caption.cue_count,
                  size: formatBytes(caption.size_bytes, i18n.language),
                })
              : t("captions.none")}
          </span>
        </div>
        <input
          id={inputId}
          type="file"
          accept=".vtt,text/vtt"
          className="sr-only"
          onChange={(event) => void choose(event)}
          disabled={busy}
          aria-label={t(caption ? "captions.replace" : "captions.upload", {
            language: languageNames[language],
          })}
        />
        <Button asChild variant="secondary" size="sm" loading={busy}>
          <label htmlFor={inputId} className="cursor-pointer">
            <Upload aria-hidden="true" className="size-4" />
            {t(caption ? "captions.replaceShort" : "captions.uploadShort")}
          </label>
        </Button>
        {caption && (
          <IconButton
            size="sm"
            variant="danger"
            icon={<Trash2 />}
            aria-label={t("captions.remove", { language: languageNames[language] })}
            onClick={() => void remove()}
          />
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </li>
  );
}

type Row = { title_en: string; title_es: string; start: string };

function ChaptersEditor({
  data,
  courseId,
  lectureId,
}: {
  data: LectureMediaExtras;
  courseId: number;
  lectureId: number;
}) {
  const { t } = useTranslation("authoring");
  const mutations = useCaptionMutations(courseId, lectureId);
  const [rows, setRows] = useState<Row[]>(() =>
    data.chapters.map((c) => ({ title_en: c.title_en, title_es: c.title_es, start: clock(c.start_seconds) })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  // An edit makes the last save's problem stale.
  const change = (index: number, patch: Partial<Row>) => {
    setProblem(null);
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  };

  const save = async () => {
    const chapters: ChaptersBody["chapters"] = [];
    for (const row of rows) {
      const start = parseClock(row.start);
      if (start === null) {
        setProblem(t("chapters.badStart", { value: row.start }));
        return;
      }
      chapters.push({ title_en: row.title_en.trim(), title_es: row.title_es.trim(), start_seconds: start });
    }
    try {
      showSuccess((await mutations.chapters.mutateAsync({ chapters })).message);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  return (
    <section aria-labelledby={`chapters-${lectureId}`} className="flex flex-col gap-3">
      <h3 id={`chapters-${lectureId}`} className="flex items-center gap-2 text-sm font-semibold text-fg">
        <ListOrdered aria-hidden="true" className="size-4" />
        {t("chapters.title")}
      </h3>
      {rows.length === 0 && <p className="text-sm text-fg-muted">{t("chapters.none")}</p>}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is the list
          <li key={index} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[6rem_1fr_1fr_auto]">
            <Field label={t("chapters.start")}>
              <Input
                value={row.start}
                inputMode="numeric"
                placeholder="0:00"
                onChange={(e) => change(index, { start: e.target.value })}
              />
            </Field>
            <Field label={t("chapters.titleEn")}>
              <Input
                value={row.title_en}
                maxLength={120}
                lang="en"
                onChange={(e) => change(index, { title_en: e.target.value })}
              />
            </Field>
            <Field label={t("chapters.titleEs")}>
              <Input
                value={row.title_es}
                maxLength={120}
                lang="es"
                onChange={(e) => change(index, { title_es: e.target.value })}
              />
            </Field>
            <IconButton
              size="sm"
              variant="danger"
              icon={<Trash2 />}
              aria-label={t("chapters.remove", { n: index + 1 })}
              onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows((list) => [...list, { title_en: "", title_es: "", start: "" }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("chapters.add")}
        </Button>
        <Button size="sm" onClick={() => void save()} loading={mutations.chapters.isPending}>
          {t("chapters.save")}
        </Button>
      </div>
      <p className="text-xs text-fg-muted">
        {t("chapters.length", { length: clock(data.duration_seconds) })}
      </p>
    </section>
  );
}
