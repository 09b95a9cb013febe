/**
 * The lecture's Q&A: ask publicly or privately (length bounds with counter and the spec's
 * messages), and read the lecture's public questions and your own, newest, most voted or unanswered.
 */
import type { LectureQuestionSort } from "@aprendo/contract";
import { MessageCircleQuestion, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Checkbox, EmptyState, ErrorState, Field, Skeleton, Textarea } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useAskQuestion, useQuestions } from "../api";
import { questionBounds, questionProblem } from "../states";
import { QaQuestion } from "./QaQuestion";

const sorts: LectureQuestionSort[] = ["newest", "votes", "unanswered"];

export function QaSection({ lectureId }: { lectureId: number }) {
  const { t } = useTranslation("learning");
  const [sort, setSort] = useState<LectureQuestionSort>("newest");
  const questions = useQuestions(lectureId, sort);
  const ask = useAskQuestion(lectureId);
  const [isPublic, setIsPublic] = useState(true);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = questionProblem(text);
    setProblem(found);
    if (found) return;
    ask.mutate(
      { body: text.trim(), is_public: isPublic },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          setText("");
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors?.body?.[0] : undefined;
          if (field) setProblem(field);
          else showError(error);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field
          label={t("qa.askLabel")}
          hint={t("qa.askHint", { min: questionBounds.min, max: questionBounds.max })}
          error={problem ? translateMessage(problem) : undefined}
          required
        >
          <Textarea
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem) setProblem(null);
            }}
            maxLength={questionBounds.max}
            rows={4}
            placeholder={t("qa.placeholder")}
            counterLabel={(count, max) => t("qa.counter", { count, max })}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox
            label={t("qa.publicLabel")}
            description={isPublic ? t("qa.publicHint") : t("qa.privateHint")}
            checked={isPublic}
            onChange={(event) => setIsPublic(event.target.checked)}
          />
          <Button type="submit" loading={ask.isPending}>
            {!ask.isPending && <Send aria-hidden="true" className="size-4" />}
            {t("qa.send")}
          </Button>
        </div>
      </form>

      <section className="flex flex-col gap-3" aria-labelledby="qa-thread-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="qa-thread-heading" className="text-base font-semibold text-fg">
            {t("qa.thread")}
          </h3>
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">{t("qa.sortLabel")}</legend>
            {sorts.map((value) => (
              <Button
                key={value}
                variant={sort === value ? "primary" : "ghost"}
                size="sm"
                aria-pressed={sort === value}
                onClick={() => setSort(value)}
              >
                {t(`qa.sort.${value}`)}
              </Button>
            ))}
          </fieldset>
        </div>
        {questions.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : questions.isError ? (
          <ErrorState
            message={t("qa.failed")}
            retryLabel={t("retry")}
            onRetry={() => void questions.refetch()}
            retrying={questions.isFetching}
          />
        ) : questions.data.length === 0 ? (
          <EmptyState icon={<MessageCircleQuestion />} title={t("qa.emptyTitle")} text={t("qa.emptyText")} />
        ) : (
          <ul className="flex flex-col gap-3" data-testid="qa-list">
            {questions.data.map((question) => (
              <li key={question.id}>
                <QaQuestion question={question} lectureId={lectureId} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
