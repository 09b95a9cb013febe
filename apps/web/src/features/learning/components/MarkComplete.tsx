/**
 * A lecture without a video (a reading: e-books, FAQs, the description) is completed by the learner:
 * "Mark as complete" here, then it counts like a watched video (quiz, next lecture, progress,
 * certificates). There is no undo: completing may already have unlocked the next lecture or issued a
 * certificate, which a "not done" would have to take back.
 */
import type { LectureDetail, ProgressResult } from "@aprendo/contract";
import { useMutation } from "@tanstack/react-query";
import { BookOpenCheck, CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, Card } from "../../../components/ui";
import { showError } from "../../../lib/toast";
import { markLectureComplete } from "../api";

export function MarkComplete({
  lecture,
  onResult,
}: {
  lecture: Pick<LectureDetail, "id" | "has_quiz" | "progress">;
  onResult: (result: ProgressResult) => void;
}) {
  const { t } = useTranslation("learning");
  const mark = useMutation({
    mutationFn: () => markLectureComplete(lecture.id),
    onSuccess: onResult,
    onError: (error) => showError(error),
  });
  const completed = Boolean(lecture.progress?.completed);
  // With a quiz, the reading is done first and the quiz then completes the lecture.
  const read = Boolean(lecture.progress?.video_watched);
  const done = completed || read;

  return (
    <Card className="flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="mark-complete">
      <span
        aria-hidden="true"
        className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${
          done ? "bg-success-soft text-success" : "bg-primary-soft text-primary"
        }`}
      >
        {done ? <CircleCheck className="size-5" /> : <BookOpenCheck className="size-5" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="font-semibold text-fg">
          {completed ? t("reading.completed") : read ? t("reading.read") : t("reading.title")}
        </p>
        <p className="text-sm text-fg-muted">
          {completed
            ? t("reading.completedText")
            : read
              ? t("reading.quizNext")
              : lecture.has_quiz
                ? t("reading.textWithQuiz")
                : t("reading.text")}
        </p>
      </div>
      {!done && (
        <Button loading={mark.isPending} onClick={() => mark.mutate()}>
          <CircleCheck aria-hidden="true" className="size-4" />
          {t("reading.mark")}
        </Button>
      )}
    </Card>
  );
}
