/** The lecture's Q&A: ask (length bounds with counter and the spec's messages) and read your questions and their answers. */
import { MessageCircleQuestion, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Field,
  Skeleton,
  Textarea,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDateTime, relativeTime } from "../../../lib/dates";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useAskQuestion, useQuestions } from "../api";
import { questionBounds, questionProblem } from "../states";

export function QaSection({ lectureId }: { lectureId: number }) {
  const { t, i18n } = useTranslation("learning");
  const language = dateLanguage(i18n.language);
  const questions = useQuestions(lectureId);
  const ask = useAskQuestion(lectureId);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = questionProblem(text);
    setProblem(found);
    if (found) return;
    ask.mutate(text.trim(), {
      onSuccess: (result) => {
        showSuccess(result.message);
        setText("");
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fieldErrors?.body?.[0] : undefined;
        if (field) setProblem(field);
        else showError(error);
      },
    });
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
        <div className="flex justify-end">
          <Button type="submit" loading={ask.isPending}>
            {!ask.isPending && <Send aria-hidden="true" className="size-4" />}
            {t("qa.send")}
          </Button>
        </div>
      </form>

      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-fg">{t("qa.mine")}</h3>
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
                <Card className="gap-3 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-xs text-fg-muted">
                      <time
                        dateTime={question.created_at}
                        title={formatDateTime(question.created_at, language)}
                      >
                        {t("qa.asked", { when: relativeTime(question.created_at, language) })}
                      </time>
                    </p>
                    <Badge tone={question.status === "answered" ? "success" : "warning"}>
                      {question.status === "answered" ? t("qa.answered") : t("qa.waiting")}
                    </Badge>
                  </div>
                  <p className="text-sm whitespace-pre-line text-fg">{question.body}</p>
                  {question.answers.map((answer) => (
                    <div
                      key={answer.id}
                      className="rounded-md border-l-4 border-primary bg-primary-soft px-4 py-3"
                    >
                      <p className="mb-1 text-xs font-semibold text-primary">
                        {t("qa.answerBy", { name: answer.author_name })} ·{" "}
                        <time dateTime={answer.created_at}>{relativeTime(answer.created_at, language)}</time>
                      </p>
                      <p className="text-sm whitespace-pre-line text-fg">{answer.body}</p>
                    </div>
                  ))}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
