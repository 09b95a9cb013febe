/**
 * /af/lesson/qas/:id: one learner question with its lecture (title, level, module), the thread and
 * the answer form. Answering notifies the learner (the server sends a type-4 notification to #qa).
 */
import { catalogLimits, qaAnswerBody } from "@aprendo/contract";
import { BookOpen, ExternalLink, Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { TextareaField } from "../../../components/form";
import { Avatar, Badge, Button, Card, Container, PageHeader, Skeleton } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { useAnswerQa, useQa } from "../api";
import { BackLink } from "../components/BackLink";
import { reportFormError } from "../components/form";
import { LoadError } from "../components/LoadState";
import { SectionTitle } from "../components/SectionTitle";
import { learnerLecturePath } from "../logic";
import { timeAgo } from "../time";

export default function LessonQaPage() {
  const { t, i18n } = useTranslation("authoring");
  const id = Number(useParams().id);
  const qa = useQa(id);
  // The lecture opens in the course editor's preview, which needs the course permission.
  const canPreview = useSession((s) => s.permissions.includes("isCourseManager"));
  const answer = useAnswerQa(id);
  const form = useForm({ resolver: contractResolver(qaAnswerBody), defaultValues: { answer: "" } });
  const back = <BackLink to="/af/lesson/qas" label={t("qa.back")} />;

  if (qa.isPending)
    return (
      <Container size="reading" className="py-6 sm:py-8" role="status" aria-label={t("common.loading")}>
        <Skeleton className="mb-8 h-9 w-2/3" />
        <Skeleton className="mb-4 h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </Container>
    );
  if (qa.isError)
    return (
      <Container size="reading" className="py-6 sm:py-8">
        <PageHeader above={back} title={t("qa.questionTitle")} />
        <LoadError error={qa.error} onRetry={() => void qa.refetch()} retrying={qa.isFetching} />
      </Container>
    );

  const data = qa.data;
  const language = i18n.language;
  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await answer.mutateAsync(values.answer)).message);
      form.reset({ answer: "" });
    } catch (error) {
      reportFormError(error, form.setError, (field) => (field === "answer" ? "answer" : null));
    }
  });
  const dateText = (iso: string) => formatDateTime(iso, dateLanguage(language));

  return (
    <Container size="reading" className="py-6 sm:py-8">
      <PageHeader
        above={back}
        title={t("qa.questionFrom", { name: data.learner.name })}
        subtitle={
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={data.status === "answered" ? "success" : "warning"}>
              {t(`qa.status.${data.status}`)}
            </Badge>
            <time dateTime={data.created_at}>{timeAgo(data.created_at, language)}</time>
          </span>
        }
      />
      <div className="flex flex-col gap-6">
        <Card className="p-4 sm:p-6">
          <SectionTitle
            icon={<BookOpen />}
            title={data.lecture_title}
            hint={t("qa.context")}
            actions={
              canPreview && (
                <Button variant="secondary" size="sm" asChild>
                  <a
                    href={learnerLecturePath(data.course_id, data.lecture_id)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    {t("qa.openLecture")}
                    <span className="sr-only">{t("common.newTab")}</span>
                  </a>
                </Button>
              )
            }
          />
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            {(
              [
                ["qa.courseLabel", data.course_title],
                ["qa.levelLabel", data.level_title],
                ["qa.moduleLabel", data.module_title],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col rounded-md bg-surface-muted px-3 py-2">
                <dt className="text-xs text-fg-muted">{t(label)}</dt>
                <dd className="font-medium text-fg">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>

        <section aria-labelledby="qa-thread" className="flex flex-col gap-4">
          <h2 id="qa-thread" className="text-xl font-semibold text-fg">
            {t("qa.thread")}
          </h2>
          <ol className="flex flex-col gap-4">
            <li>
              <Message
                name={data.learner.name}
                meta={`@${data.learner.username} · ${dateText(data.created_at)}`}
                body={data.body}
                tone="question"
              />
            </li>
            {data.answers.map((reply) => (
              <li key={reply.id} className="pl-6 sm:pl-12">
                <Message
                  name={reply.author_name}
                  meta={`${t("qa.staff")} · ${dateText(reply.created_at)}`}
                  body={reply.body}
                  tone="answer"
                />
              </li>
            ))}
          </ol>
        </section>

        <Card className="p-4 sm:p-6">
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <TextareaField
              control={form.control}
              name="answer"
              label={data.answers.length > 0 ? t("qa.answerAgain") : t("qa.answer")}
              hint={t("qa.answerHint")}
              maxLength={catalogLimits.lectureAnswerMax}
              rows={6}
              required
            />
            <div className="flex justify-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                <Send aria-hidden="true" className="size-4" />
                {t("qa.send")}
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </Container>
  );
}

function Message({
  name,
  meta,
  body,
  tone,
}: {
  name: string;
  meta: string;
  body: string;
  tone: "question" | "answer";
}) {
  return (
    <article
      className={
        tone === "question"
          ? "flex gap-3 rounded-lg border border-border bg-surface p-4 shadow-sm"
          : "flex gap-3 rounded-lg border border-primary/30 bg-primary-soft p-4"
      }
    >
      <Avatar name={name} size="sm" decorative />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-fg">{name}</span>
          <span className="text-xs text-fg-muted">{meta}</span>
        </p>
        <p className="text-sm whitespace-pre-line text-fg">{body}</p>
      </div>
    </article>
  );
}
