/**
 * One question of a lecture's public Q&A: votes (one per learner, pressed when mine), follow,
 * "make public" for the author's private question, answers with the team's marked "Instructor/Staff",
 * and a reply box for fellow learners.
 */
import type { LectureQuestion } from "@aprendo/contract";
import { Bell, BellOff, Globe, Lock, Reply, ThumbsUp } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Card, Content, Field, Textarea } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDateTime, relativeTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useAnswerQuestion, useQuestionSetting } from "../api";

const answerMax = 4_000;

export function QaQuestion({ question, lectureId }: { question: LectureQuestion; lectureId: number }) {
  const { t, i18n } = useTranslation("learning");
  const language = dateLanguage(i18n.language);
  const setting = useQuestionSetting(lectureId);
  const answer = useAnswerQuestion(lectureId);
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `qa-question-${question.id}`;

  const change = (what: "vote" | "follow" | "visibility", on: boolean) =>
    setting.mutate(
      { id: question.id, what, on },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );

  const reply = (event: FormEvent) => {
    event.preventDefault();
    // The server bounds the length (2 to 4,000) and its message is shown under the field.
    const found = text.trim() === "" ? "validation.required" : null;
    setProblem(found);
    if (found) return;
    answer.mutate(
      { id: question.id, answer: text.trim() },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          setText("");
          setReplying(false);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors?.answer?.[0] : undefined;
          if (field) setProblem(field);
          else showError(error);
        },
      },
    );
  };

  return (
    <Card className="gap-3 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-fg-muted">
          <span className="font-semibold text-fg">{question.mine ? t("qa.you") : question.author_name}</span>{" "}
          ·{" "}
          <time dateTime={question.created_at} title={formatDateTime(question.created_at, language)}>
            {t("qa.asked", { when: relativeTime(question.created_at, language) })}
          </time>
        </p>
        <div className="flex flex-wrap gap-2">
          {!question.is_public && (
            <Badge tone="neutral">
              <Lock aria-hidden="true" className="size-3" /> {t("qa.private")}
            </Badge>
          )}
          {question.hidden && <Badge tone="danger">{t("qa.hidden")}</Badge>}
          <Badge tone={question.answers.length > 0 ? "success" : "warning"}>
            {question.answers.length > 0 ? t("qa.answered") : t("qa.waiting")}
          </Badge>
        </div>
      </div>
      <Content
        as="p"
        id={headingId}
        lang={question.language}
        className="text-sm whitespace-pre-line text-fg [overflow-wrap:anywhere]"
      >
        {question.body}
      </Content>

      {question.answers.map((item) => (
        <div
          key={item.id}
          className={
            item.is_staff
              ? "rounded-md border-l-4 border-primary bg-primary-soft px-4 py-3"
              : "rounded-md border-l-4 border-border-strong bg-surface-muted px-4 py-3"
          }
        >
          <p className="mb-1 flex flex-wrap items-center gap-2 text-xs font-semibold text-fg">
            <span>{t("qa.answerBy", { name: item.author_name })}</span>
            {item.is_staff && <Badge tone="primary">{t("qa.staff")}</Badge>}
            <time dateTime={item.created_at} className="font-normal text-fg-muted">
              {relativeTime(item.created_at, language)}
            </time>
          </p>
          <Content
            as="p"
            lang={item.language}
            className="text-sm whitespace-pre-line text-fg [overflow-wrap:anywhere]"
          >
            {item.body}
          </Content>
        </div>
      ))}

      <div className="flex flex-wrap items-center gap-2">
        {question.is_public && (
          <Button
            variant={question.voted ? "primary" : "secondary"}
            size="sm"
            aria-pressed={question.voted}
            aria-label={t("qa.upvote", { count: question.votes })}
            disabled={setting.isPending}
            onClick={() => change("vote", !question.voted)}
          >
            <ThumbsUp aria-hidden="true" className="size-4" />
            <span aria-hidden="true">{question.votes}</span>
          </Button>
        )}
        {!question.mine && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={question.following}
            disabled={setting.isPending}
            onClick={() => change("follow", !question.following)}
          >
            {question.following ? (
              <BellOff aria-hidden="true" className="size-4" />
            ) : (
              <Bell aria-hidden="true" className="size-4" />
            )}
            {question.following ? t("qa.unfollow") : t("qa.follow")}
          </Button>
        )}
        {question.mine && (
          <Button
            variant="ghost"
            size="sm"
            disabled={setting.isPending}
            onClick={() => change("visibility", !question.is_public)}
          >
            {question.is_public ? (
              <Lock aria-hidden="true" className="size-4" />
            ) : (
              <Globe aria-hidden="true" className="size-4" />
            )}
            {question.is_public ? t("qa.makePrivate") : t("qa.makePublic")}
          </Button>
        )}
        {(question.is_public || question.mine) && !question.hidden && !replying && (
          <Button variant="ghost" size="sm" onClick={() => setReplying(true)}>
            <Reply aria-hidden="true" className="size-4" />
            {t("qa.reply")}
          </Button>
        )}
      </div>

      {replying && (
        <form onSubmit={reply} noValidate className="flex flex-col gap-2">
          <Field label={t("qa.replyLabel")} error={problem ? translateMessage(problem) : undefined} required>
            <Textarea
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
              }}
              maxLength={answerMax}
              rows={3}
              autoFocus
              counterLabel={(count, max) => t("qa.counter", { count, max })}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setReplying(false)}>
              {t("qa.cancel")}
            </Button>
            <Button type="submit" size="sm" loading={answer.isPending}>
              {t("qa.postAnswer")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
