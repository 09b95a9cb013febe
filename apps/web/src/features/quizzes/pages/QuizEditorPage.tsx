/**
 * /af/courses/:id/quizzes/:quizId (and …/quizzes/new?owner=lecture:12): a quiz of a title. Settings
 * (titles and instructions in both languages, time limit in minutes and seconds, pass mark, the
 * price of an exam, when results show the correct answers, how many questions an attempt draws),
 * questions of the four types (add, edit, reorder, delete), preview as learners
 * see it (with the answers), publish or unpublish, delete.
 */
import {
  type AdminQuestion,
  type AdminQuiz,
  type QuizKind,
  quizLimits,
  type RevealMode,
  revealDefault,
  revealModes,
} from "@aprendo/contract";
import { ArrowDown, ArrowLeft, ArrowUp, Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import {
  Badge,
  Banner,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Container,
  Dialog,
  EmptyState,
  ErrorState,
  Field,
  IconButton,
  Input,
  NumberInput,
  PageHeader,
  Select,
  Skeleton,
  Textarea,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { reportUnexpected } from "../../../lib/report-error";
import { showError, showSuccess } from "../../../lib/toast";
import {
  type QuizSettings,
  useAdminOutline,
  useAdminQuiz,
  useCreateQuiz,
  usePreview,
  useQuizMutations,
} from "../api";
import { QuestionForm } from "../components/QuestionForm";
import { ReviewQuestion } from "../components/ReviewQuestion";
import { emptyDraft, fromAdmin, type QuestionDraft, toInput } from "../draft";
import { durationParts, move, parsePounds, withBlanks } from "../logic";

type SettingsDraft = {
  title_en: string;
  title_es: string;
  instructions_en: string;
  instructions_es: string;
  /** Practice quizzes only: whether the time limit applies. */
  timed: boolean;
  minutes: string;
  seconds: string;
  pass_mark: string;
  price: string;
  show_correct_answers: RevealMode;
  /** Empty: every question in each attempt. */
  questions_per_attempt: string;
};

function settingsDraft(kind: QuizKind, quiz?: AdminQuiz): SettingsDraft {
  const limit = durationParts(quiz?.time_limit_seconds ?? 600);
  return {
    title_en: quiz?.title_en ?? "",
    title_es: quiz?.title_es ?? "",
    instructions_en: quiz?.instructions_en ?? "",
    instructions_es: quiz?.instructions_es ?? "",
    timed: quiz?.timed ?? true,
    minutes: String(limit.minutes),
    seconds: String(limit.seconds),
    pass_mark: String(quiz?.pass_mark_percent ?? 70),
    price: quiz ? (quiz.price_pence / 100).toFixed(2) : "0.00",
    show_correct_answers: quiz?.show_correct_answers ?? revealDefault(kind),
    questions_per_attempt: quiz?.questions_per_attempt ? String(quiz.questions_per_attempt) : "",
  };
}

function parseOwner(text: string | null): { kind: QuizKind; id: number } | null {
  const match = /^(lecture|module|level):(\d+)$/.exec(text ?? "");
  return match ? { kind: match[1] as QuizKind, id: Number(match[2]) } : null;
}

/** The settings form, for a new quiz and an existing one. */
function SettingsForm({
  quiz,
  kind,
  onSubmit,
  saving,
  submitLabel,
}: {
  quiz?: AdminQuiz;
  kind: QuizKind;
  onSubmit: (settings: QuizSettings) => Promise<unknown>;
  saving: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation("quizzes");
  const [draft, setDraft] = useState(() => settingsDraft(kind, quiz));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setDraft(settingsDraft(kind, quiz)), [kind, quiz]);
  const set = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const seconds = Number(draft.minutes || 0) * 60 + Number(draft.seconds || 0);
    if (seconds < 30 || seconds > 4 * 3600) next.time_limit_seconds = t("admin.timeLimitRange");
    const mark = Number(draft.pass_mark);
    if (!Number.isInteger(mark) || mark < 1 || mark > 100) next.pass_mark_percent = t("admin.passMarkRange");
    const price = kind === "lecture" ? 0 : parsePounds(draft.price);
    if (price === null) next.price_pence = t("admin.priceInvalid");
    const pool = draft.questions_per_attempt.trim() === "" ? null : Number(draft.questions_per_attempt);
    if (pool !== null && (!Number.isInteger(pool) || pool < 1 || pool > quizLimits.questionsMax))
      next.questions_per_attempt = t("admin.poolRange", { max: quizLimits.questionsMax });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await onSubmit({
        title_en: draft.title_en.trim(),
        title_es: draft.title_es.trim(),
        instructions_en: draft.instructions_en.trim(),
        instructions_es: draft.instructions_es.trim(),
        time_limit_seconds: seconds,
        ...(kind === "lecture" ? { timed: draft.timed } : {}),
        pass_mark_percent: mark,
        price_pence: price ?? 0,
        show_correct_answers: draft.show_correct_answers,
        questions_per_attempt: pool,
      });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields)
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateMessage(v[0] ?? "")])),
        );
      showError(error);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t("admin.settings")}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {(["en", "es"] as const).map((language) => (
          <Field
            key={language}
            label={`${t("admin.quizTitle")} (${t(`admin.lang.${language}`)})`}
            hint={t("admin.quizTitleHint")}
            error={errors[`title_${language}`]}
          >
            <Input
              lang={language}
              value={draft[`title_${language}`]}
              maxLength={160}
              onChange={(event) => set({ [`title_${language}`]: event.target.value })}
            />
          </Field>
        ))}
        {(["en", "es"] as const).map((language) => (
          <Field
            key={language}
            label={`${t("admin.instructions")} (${t(`admin.lang.${language}`)})`}
            error={errors[`instructions_${language}`]}
          >
            <Textarea
              lang={language}
              rows={3}
              value={draft[`instructions_${language}`]}
              maxLength={4000}
              onChange={(event) => set({ [`instructions_${language}`]: event.target.value })}
              counterLabel={(count, max) => t("admin.counter", { count, max })}
            />
          </Field>
        ))}
      </div>
      {kind === "lecture" && (
        <Checkbox
          label={t("admin.timed")}
          description={t("admin.timedHint")}
          checked={draft.timed}
          onChange={(e) => set({ timed: e.target.checked })}
          error={errors.timed}
          data-testid="quiz-timed"
        />
      )}
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Field label={t("admin.minutes")} error={errors.time_limit_seconds}>
          <NumberInput
            min={0}
            max={240}
            value={draft.minutes}
            disabled={kind === "lecture" && !draft.timed}
            onChange={(e) => set({ minutes: e.target.value })}
          />
        </Field>
        <Field label={t("admin.seconds")}>
          <NumberInput
            min={0}
            max={59}
            value={draft.seconds}
            disabled={kind === "lecture" && !draft.timed}
            onChange={(e) => set({ seconds: e.target.value })}
          />
        </Field>
        <Field label={t("admin.passMarkPercent")} error={errors.pass_mark_percent}>
          <NumberInput
            min={1}
            max={100}
            value={draft.pass_mark}
            onChange={(e) => set({ pass_mark: e.target.value })}
          />
        </Field>
        {kind !== "lecture" && (
          <Field label={t("admin.price")} hint={t("admin.priceHint")} error={errors.price_pence}>
            <Input inputMode="decimal" value={draft.price} onChange={(e) => set({ price: e.target.value })} />
          </Field>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field
          label={t("admin.showAnswers")}
          hint={t("admin.showAnswersHint")}
          error={errors.show_correct_answers}
        >
          <Select
            value={draft.show_correct_answers}
            onChange={(e) => set({ show_correct_answers: e.target.value as RevealMode })}
            options={revealModes.map((mode) => ({ value: mode, label: t(`admin.reveal.${mode}`) }))}
            data-testid="show-correct-answers"
          />
        </Field>
        <Field label={t("admin.pool")} hint={t("admin.poolHint")} error={errors.questions_per_attempt}>
          <NumberInput
            min={1}
            max={quizLimits.questionsMax}
            value={draft.questions_per_attempt}
            onChange={(e) => set({ questions_per_attempt: e.target.value })}
            data-testid="questions-per-attempt"
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={saving} data-testid="save-settings">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function PreviewDialog({
  quizId,
  open,
  onOpenChange,
}: {
  quizId: number;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation("quizzes");
  const preview = usePreview(quizId, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={preview.data?.title ?? t("admin.preview")}
      description={t("admin.previewText")}
      closeLabel={t("admin.close")}
      size="lg"
    >
      {preview.isPending && <Skeleton className="h-40" />}
      {preview.data && (
        <div className="flex flex-col gap-4 pb-2">
          {preview.data.instructions && <p className="text-sm text-fg">{preview.data.instructions}</p>}
          {preview.data.questions.map((question, index) => (
            <ReviewQuestion key={question.id} question={question} number={index + 1} />
          ))}
        </div>
      )}
    </Dialog>
  );
}

function QuestionRow({
  question,
  index,
  count,
  language,
  onMove,
  onEdit,
  onDelete,
}: {
  question: AdminQuestion;
  index: number;
  count: number;
  language: "en" | "es";
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation("quizzes");
  const text = language === "es" ? question.text_es : question.text_en;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:items-center">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary">
        {index + 1}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-sm font-medium text-fg">{withBlanks(text)}</p>
        <div>
          <Badge tone="neutral">{t(`types.${question.type}`)}</Badge>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <IconButton
          size="sm"
          variant="ghost"
          icon={<ArrowUp />}
          aria-label={t("admin.moveUp", { number: index + 1 })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        />
        <IconButton
          size="sm"
          variant="ghost"
          icon={<ArrowDown />}
          aria-label={t("admin.moveDown", { number: index + 1 })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        />
        <IconButton
          size="sm"
          variant="ghost"
          icon={<Pencil />}
          aria-label={t("admin.editQuestion", { number: index + 1 })}
          onClick={onEdit}
        />
        <ConfirmDialog
          trigger={
            <IconButton
              size="sm"
              variant="danger"
              icon={<Trash2 />}
              aria-label={t("admin.deleteQuestion", { number: index + 1 })}
            />
          }
          title={t("admin.deleteQuestionTitle")}
          description={t("admin.deleteQuestionText")}
          confirmLabel={t("admin.delete")}
          cancelLabel={t("cancel")}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}

function Editor({ quiz, courseId }: { quiz: AdminQuiz; courseId: number }) {
  const { t, i18n } = useTranslation("quizzes");
  const navigate = useNavigate();
  const language = i18n.language === "es" ? "es" : "en";
  const m = useQuizMutations(quiz.id);
  const [editing, setEditing] = useState<{ id: number | null; draft: QuestionDraft } | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const published = quiz.status === "published";
  const ownerTitle = language === "es" ? quiz.owner.title_es : quiz.owner.title_en;

  const run = async <T,>(action: () => Promise<T>, success?: (value: T) => string | undefined) => {
    try {
      const value = await action();
      const message = success?.(value);
      if (message) showSuccess(message);
      return value;
    } catch (error) {
      showError(error);
      throw error;
    }
  };

  return (
    <>
      <PageHeader
        above={
          <Link
            to={`/af/courses/${courseId}/quizzes`}
            className="inline-flex items-center gap-1.5 rounded-sm hover:text-fg focus-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("admin.backToQuizzes")}
          </Link>
        }
        title={`${t(`kinds.${quiz.kind}`)}: ${ownerTitle}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={published ? "success" : "neutral"} data-testid="quiz-status">
              {t(`admin.status.${quiz.status}`)}
            </Badge>
            <span className="text-sm">
              {t("instructions.questionCount", { count: quiz.questions.length })} ·{" "}
              {t("admin.attemptCount", { count: quiz.attempt_count })}
            </span>
          </span>
        }
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => setPreviewOpen(true)}
              disabled={quiz.questions.length === 0}
            >
              <Eye aria-hidden="true" className="size-4" />
              {t("admin.preview")}
            </Button>
            <Button
              variant={published ? "secondary" : "primary"}
              loading={m.update.isPending}
              data-testid="toggle-publish"
              onClick={() =>
                void run(
                  () => m.update.mutateAsync({ status: published ? "draft" : "published" }),
                  () => (published ? t("admin.unpublished") : t("admin.published")),
                ).catch(reportUnexpected("publishing a quiz", { quizId: quiz.id }))
              }
            >
              {published ? t("admin.unpublish") : t("admin.publish")}
            </Button>
            <ConfirmDialog
              trigger={<IconButton variant="danger" icon={<Trash2 />} aria-label={t("admin.deleteQuiz")} />}
              title={t("admin.deleteQuizTitle")}
              description={t("admin.deleteQuizText")}
              confirmLabel={t("admin.delete")}
              cancelLabel={t("cancel")}
              onConfirm={async () => {
                await run(
                  () => m.remove.mutateAsync(),
                  (r) => r.message,
                );
                navigate(`/af/courses/${courseId}/quizzes`, { replace: true });
              }}
            />
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {!published && quiz.questions.length === 0 && (
          <Banner tone="info">{t("admin.needsQuestions")}</Banner>
        )}
        <Card className="gap-4 p-5 sm:p-6">
          <h2 className="text-xl font-semibold text-fg">{t("admin.settings")}</h2>
          <SettingsForm
            quiz={quiz}
            kind={quiz.kind}
            saving={m.update.isPending}
            submitLabel={t("admin.saveSettings")}
            onSubmit={(settings) =>
              run(
                () => m.update.mutateAsync(settings),
                () => t("admin.savedSettings"),
              )
            }
          />
        </Card>
        <Card className="gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-semibold text-fg">{t("admin.questions")}</h2>
            <Button
              onClick={() => setEditing({ id: null, draft: emptyDraft("single") })}
              data-testid="add-question"
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("admin.addQuestion")}
            </Button>
          </div>
          {quiz.questions.length === 0 ? (
            <EmptyState title={t("admin.noQuestions")} text={t("admin.noQuestionsText")} />
          ) : (
            <ol className="flex flex-col gap-2" aria-label={t("admin.questions")}>
              {quiz.questions.map((question, index) => (
                <QuestionRow
                  key={question.id}
                  question={question}
                  index={index}
                  count={quiz.questions.length}
                  language={language}
                  onMove={(by) =>
                    void run(() =>
                      m.order.mutateAsync(move(quiz.questions, index, by).map((q) => q.id)),
                    ).catch(reportUnexpected("reordering a quiz's questions", { quizId: quiz.id }))
                  }
                  onEdit={() => setEditing({ id: question.id, draft: fromAdmin(question) })}
                  onDelete={() =>
                    run(
                      () => m.deleteQuestion.mutateAsync(question.id),
                      (r) => r.message,
                    )
                  }
                />
              ))}
            </ol>
          )}
        </Card>
      </div>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.id ? t("admin.editQuestionTitle") : t("admin.addQuestion")}
        closeLabel={t("admin.close")}
        size="lg"
      >
        {editing && (
          <div className="pb-4">
            <QuestionForm
              key={editing.id ?? "new"}
              initial={editing.draft}
              saving={m.addQuestion.isPending || m.updateQuestion.isPending}
              onCancel={() => setEditing(null)}
              onSave={async (draft) => {
                const body = toInput(draft);
                const done = editing.id
                  ? await m.updateQuestion.mutateAsync({ id: editing.id, body })
                  : await m.addQuestion.mutateAsync(body);
                showSuccess("message" in done ? done.message : t("admin.savedQuestion"));
                setEditing(null);
              }}
            />
          </div>
        )}
      </Dialog>
      <PreviewDialog quizId={quiz.id} open={previewOpen} onOpenChange={setPreviewOpen} />
    </>
  );
}

function NewQuiz({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation("quizzes");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const owner = parseOwner(params.get("owner"));
  const outline = useAdminOutline(courseId);
  const create = useCreateQuiz();
  const language = i18n.language === "es" ? "es" : "en";
  let ownerTitle = "";
  for (const level of outline.data?.levels ?? []) {
    if (owner?.kind === "level" && level.id === owner.id) ownerTitle = level[`title_${language}`];
    for (const module of level.modules) {
      if (owner?.kind === "module" && module.id === owner.id) ownerTitle = module[`title_${language}`];
      for (const lecture of module.lectures)
        if (owner?.kind === "lecture" && lecture.id === owner.id) ownerTitle = lecture[`title_${language}`];
    }
  }
  if (!owner) return <EmptyState title={t("admin.noOwner")} />;
  return (
    <>
      <PageHeader
        above={
          <Link
            to={`/af/courses/${courseId}/quizzes`}
            className="inline-flex items-center gap-1.5 rounded-sm hover:text-fg focus-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("admin.backToQuizzes")}
          </Link>
        }
        title={t(`admin.newQuiz.${owner.kind}`)}
        subtitle={ownerTitle}
      />
      <Card className="gap-4 p-5 sm:p-6">
        <SettingsForm
          kind={owner.kind}
          saving={create.isPending}
          submitLabel={t("admin.createQuiz")}
          onSubmit={async (settings) => {
            const created = await create.mutateAsync({ owner, ...settings });
            showSuccess(created.message);
            navigate(`/af/courses/${courseId}/quizzes/${created.id}`, { replace: true });
          }}
        />
      </Card>
    </>
  );
}

export default function QuizEditorPage() {
  const { t } = useTranslation("quizzes");
  const params = useParams();
  const courseId = Number(params.id) || 0;
  const quizId = params.quizId === "new" ? 0 : Number(params.quizId) || -1;
  const quiz = useAdminQuiz(quizId);
  let body = null;
  if (quizId === 0) body = <NewQuiz courseId={courseId} />;
  else if (quiz.isPending) body = <Skeleton className="h-96" />;
  else if (quiz.isError)
    body =
      quiz.error instanceof ApiError && quiz.error.status === 404 ? (
        <EmptyState title={t("notFound")} />
      ) : (
        <ErrorState
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void quiz.refetch()}
          retrying={quiz.isFetching}
        />
      );
  else body = <Editor quiz={quiz.data} courseId={courseId} />;
  return <Container className="max-w-5xl py-6 sm:py-8">{body}</Container>;
}
