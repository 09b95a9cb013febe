/**
 * The two access management pages (isUserManager or isCourseManager): grant a learner a title
 * (course access) or extra attempts at a module or level exam (exam access), always with a reason;
 * revoke with a reason; every change in the audit trail below.
 */
import { KeyRound, Plus, ShieldOff, UserRound, X } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FiltersBar, ListStates, SearchInput } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  Dialog,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Pagination,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import {
  type AccessKind,
  type AccessLearner,
  accessPerPage,
  type CourseAccessItem,
  type ExamAccessItem,
  useAccessList,
  useAccessMutations,
  useAudit,
  useLearnerSearch,
  useTitleDetail,
  useTitleOptions,
} from "../api";

const REASON_MIN = 5;
const REASON_MAX = 500;

function LearnerCell({ learner }: { learner: { username: string; name?: string; email?: string | null } }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium text-fg">{learner.name || learner.username}</span>
      <span className="text-xs text-fg-muted">
        @{learner.username}
        {learner.email ? ` · ${learner.email}` : ""}
      </span>
    </div>
  );
}

function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation("quizzes");
  return (
    <Field label={t("access.reason")} hint={t("access.reasonHint")} error={error} required>
      <Textarea
        value={value}
        maxLength={REASON_MAX}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        counterLabel={(count, max) => t("admin.counter", { count, max })}
      />
    </Field>
  );
}

const reasonTooShort = (reason: string) => reason.trim().length < REASON_MIN;

/** Search a learner by username, email or name and pick one. */
function LearnerPicker({
  value,
  onChange,
}: {
  value: AccessLearner | null;
  onChange: (l: AccessLearner | null) => void;
}) {
  const { t } = useTranslation("quizzes");
  const [q, setQ] = useState("");
  const results = useLearnerSearch(q);
  const listId = useId();
  if (value)
    return (
      <div className="flex items-center gap-3 rounded-md border border-primary bg-primary-soft px-3 py-2">
        <UserRound aria-hidden="true" className="size-5 text-primary" />
        <div className="min-w-0 flex-1">
          <LearnerCell learner={value} />
        </div>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          <X aria-hidden="true" className="size-4" />
          {t("access.change")}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <Field label={t("access.learner")} hint={t("access.learnerHint")} required>
        <Input
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          aria-controls={listId}
          autoComplete="off"
          data-testid="learner-search"
        />
      </Field>
      <ul
        id={listId}
        aria-label={t("access.results")}
        className="flex max-h-56 flex-col gap-1 overflow-y-auto"
      >
        {q.trim().length >= 2 && results.data?.length === 0 && (
          <li className="px-1 text-sm text-fg-muted">{t("access.noLearners")}</li>
        )}
        {results.data?.map((learner) => (
          <li key={learner.id}>
            <button
              type="button"
              onClick={() => onChange(learner)}
              className="flex w-full items-center gap-3 rounded-md border border-border px-3 py-2 text-left hover:bg-surface-muted focus-ring"
            >
              <UserRound aria-hidden="true" className="size-5 text-fg-muted" />
              <LearnerCell learner={learner} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GrantDialog({ kind }: { kind: AccessKind }) {
  const { t } = useTranslation("quizzes");
  const [open, setOpen] = useState(false);
  const [learner, setLearner] = useState<AccessLearner | null>(null);
  const [courseId, setCourseId] = useState("");
  const [quizId, setQuizId] = useState("");
  const [attempts, setAttempts] = useState("2");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const titles = useTitleOptions();
  const detail = useTitleDetail(kind === "exam" ? Number(courseId) : 0);
  const { grant } = useAccessMutations(kind);
  const exams: Array<{ value: string; label: string }> = [];
  for (const level of detail.data?.levels ?? []) {
    for (const module of level.modules)
      if (module.exam_quiz_id)
        exams.push({ value: String(module.exam_quiz_id), label: `${t("kinds.module")}: ${module.title}` });
    if (level.exam_quiz_id)
      exams.push({ value: String(level.exam_quiz_id), label: `${t("kinds.level")}: ${level.title}` });
  }

  const reset = () => {
    setLearner(null);
    setCourseId("");
    setQuizId("");
    setAttempts("2");
    setReason("");
    setErrors({});
  };

  const submit = async () => {
    const next = {
      learner: learner ? undefined : t("access.pickLearner"),
      course: courseId ? undefined : t("access.pickTitle"),
      quiz: kind === "exam" && !quizId ? t("access.pickExam") : undefined,
      reason: reasonTooShort(reason) ? t("access.reasonShort", { min: REASON_MIN }) : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !learner) return;
    const body =
      kind === "course"
        ? { user_id: learner.id, course_id: Number(courseId), reason: reason.trim() }
        : { user_id: learner.id, quiz_id: Number(quizId), attempts: Number(attempts), reason: reason.trim() };
    try {
      const done = await grant.mutateAsync(body);
      showSuccess(done.message);
      setOpen(false);
      reset();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields?.reason) setErrors((e) => ({ ...e, reason: translateMessage(fields.reason?.[0] ?? "") }));
      showError(error);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={
        <Button data-testid="grant-access">
          <Plus aria-hidden="true" className="size-4" />
          {t(`access.${kind}.grant`)}
        </Button>
      }
      title={t(`access.${kind}.grantTitle`)}
      description={t(`access.${kind}.grantText`)}
      closeLabel={t("admin.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={grant.isPending} data-testid="confirm-grant">
            {t(`access.${kind}.grant`)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 pb-2">
        <LearnerPicker value={learner} onChange={setLearner} />
        {errors.learner && <p className="-mt-2 text-sm text-danger">{errors.learner}</p>}
        <Field label={t("access.titleField")} error={errors.course} required>
          <Select
            value={courseId}
            placeholder={t("access.chooseTitle")}
            onChange={(event) => {
              setCourseId(event.target.value);
              setQuizId("");
            }}
            options={(titles.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
          />
        </Field>
        {kind === "exam" && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <Field
              label={t("access.examField")}
              error={errors.quiz}
              hint={courseId && exams.length === 0 && !detail.isPending ? t("access.noExams") : undefined}
              required
            >
              <Select
                value={quizId}
                placeholder={t("access.chooseExam")}
                disabled={!courseId}
                onChange={(event) => setQuizId(event.target.value)}
                options={exams}
              />
            </Field>
            <Field label={t("access.attempts")}>
              <Select
                value={attempts}
                onChange={(event) => setAttempts(event.target.value)}
                options={[
                  { value: "1", label: t("instructions.attemptsLeftValue", { count: 1 }) },
                  { value: "2", label: t("instructions.attemptsLeftValue", { count: 2 }) },
                ]}
              />
            </Field>
          </div>
        )}
        <ReasonField value={reason} onChange={setReason} error={errors.reason} />
      </div>
    </Dialog>
  );
}

function RevokeDialog({ kind, id, who }: { kind: AccessKind; id: number; who: string }) {
  const { t } = useTranslation("quizzes");
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const { revoke } = useAccessMutations(kind);
  const submit = async () => {
    const problem = reasonTooShort(reason) ? t("access.reasonShort", { min: REASON_MIN }) : undefined;
    setError(problem);
    if (problem) return;
    try {
      const done = await revoke.mutateAsync({ id, reason: reason.trim() });
      showSuccess(done.message);
      setOpen(false);
      setReason("");
    } catch (e) {
      showError(e);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t("access.revokeOf", { who })}>
          <ShieldOff aria-hidden="true" className="size-4" />
          {t("access.revoke")}
        </Button>
      }
      title={t(`access.${kind}.revokeTitle`)}
      description={t(`access.${kind}.revokeText`, { who })}
      closeLabel={t("admin.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button
            variant="danger"
            onClick={() => void submit()}
            loading={revoke.isPending}
            data-testid="confirm-revoke"
          >
            {t("access.revoke")}
          </Button>
        </>
      }
    >
      <ReasonField value={reason} onChange={setReason} error={error} />
    </Dialog>
  );
}

function Paged({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const { t } = useTranslation("quizzes");
  const pageCount = Math.max(1, Math.ceil(total / accessPerPage));
  if (pageCount <= 1) return null;
  return (
    <Pagination
      className="mt-4"
      page={page}
      pageCount={pageCount}
      onPageChange={onPage}
      label={t("access.pages")}
      previousLabel={t("attempt.previous")}
      nextLabel={t("attempt.next")}
      pageLabel={(p, count) => t("access.pageOf", { page: p, count })}
    />
  );
}

function AccessList({ kind }: { kind: AccessKind }) {
  const { t, i18n } = useTranslation("quizzes");
  const language = dateLanguage(i18n.language);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const list = useAccessList<CourseAccessItem | ExamAccessItem>(kind, { page, q });
  const rows = list.data?.data ?? [];
  return (
    <div>
      <FiltersBar>
        <SearchInput
          value={q}
          onSearch={(value) => {
            setQ(value);
            setPage(1);
          }}
          label={t("access.search")}
          placeholder={t("access.searchPlaceholder")}
          className="sm:w-96"
        />
      </FiltersBar>
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState icon={<KeyRound />} title={t("access.empty")} text={t(`access.${kind}.emptyText`)} />
        }
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        loadingLabel={t("loading")}
      >
        <Table caption={t(`access.${kind}.title`)}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("access.learner")}</TableHeaderCell>
              <TableHeaderCell>
                {kind === "course" ? t("access.titleField") : t("access.examField")}
              </TableHeaderCell>
              <TableHeaderCell>{t("access.source")}</TableHeaderCell>
              {kind === "exam" && <TableHeaderCell>{t("access.attempts")}</TableHeaderCell>}
              <TableHeaderCell>{t("access.since")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const exam = "quiz" in row ? row : null;
              const revoked = exam?.revoked_at ?? null;
              return (
                <TableRow key={row.id} className={cn(revoked && "opacity-70")}>
                  <TableCell>
                    <LearnerCell learner={row.learner} />
                  </TableCell>
                  <TableCell>
                    {exam ? (
                      <div className="flex flex-col">
                        <span className="text-fg">{exam.quiz.title}</span>
                        <span className="text-xs text-fg-muted">{exam.quiz.course_title}</span>
                      </div>
                    ) : (
                      (row as CourseAccessItem).course.title
                    )}
                  </TableCell>
                  <TableCell>
                    <Badge tone={row.source === "admin" ? "info" : "neutral"}>
                      {t(`access.sources.${row.source}`)}
                    </Badge>
                  </TableCell>
                  {exam && (
                    <TableCell className="tabular-nums">
                      {revoked ? (
                        <Badge tone="danger">{t("access.revokedBadge")}</Badge>
                      ) : (
                        t("access.attemptsValue", { used: exam.attempts_used, left: exam.attempts_left })
                      )}
                    </TableCell>
                  )}
                  <TableCell className="whitespace-nowrap">
                    {formatDateTime(row.created_at, language)}
                  </TableCell>
                  <TableCell align="right">
                    {!revoked && <RevokeDialog kind={kind} id={row.id} who={row.learner.username} />}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Paged page={page} total={list.data?.total ?? 0} onPage={setPage} />
      </ListStates>
    </div>
  );
}

function AuditList() {
  const { t, i18n } = useTranslation("quizzes");
  const language = dateLanguage(i18n.language);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const audit = useAudit({ page, q });
  const rows = audit.data?.data ?? [];
  return (
    <div>
      <FiltersBar>
        <SearchInput
          value={q}
          onSearch={(value) => {
            setQ(value);
            setPage(1);
          }}
          label={t("access.searchAudit")}
          className="sm:w-96"
        />
      </FiltersBar>
      <ListStates
        query={audit}
        isEmpty={rows.length === 0}
        empty={<EmptyState title={t("access.auditEmpty")} />}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        loadingLabel={t("loading")}
      >
        <Table caption={t("access.audit")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("access.when")}</TableHeaderCell>
              <TableHeaderCell>{t("access.action")}</TableHeaderCell>
              <TableHeaderCell>{t("access.learner")}</TableHeaderCell>
              <TableHeaderCell>{t("access.titleField")}</TableHeaderCell>
              <TableHeaderCell>{t("access.by")}</TableHeaderCell>
              <TableHeaderCell>{t("access.reason")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(row.created_at, language)}
                </TableCell>
                <TableCell>
                  <Badge tone={row.action.startsWith("grant") ? "success" : "danger"}>
                    {t(`access.actions.${row.action}`, { count: row.attempts ?? 0 })}
                  </Badge>
                </TableCell>
                <TableCell>{row.learner ? `@${row.learner.username}` : "—"}</TableCell>
                <TableCell>{row.course?.title ?? "—"}</TableCell>
                <TableCell>{row.actor ? `@${row.actor.username}` : "—"}</TableCell>
                <TableCell className="max-w-xs">{row.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Paged page={page} total={audit.data?.total ?? 0} onPage={setPage} />
      </ListStates>
    </div>
  );
}

export function AccessManagement({ kind }: { kind: AccessKind }) {
  const { t } = useTranslation("quizzes");
  const permissions = useSession((s) => s.permissions);
  const allowed = permissions.includes("isUserManager") || permissions.includes("isCourseManager");
  let body: ReactNode;
  if (!allowed)
    body = <EmptyState icon={<ShieldOff />} title={t("access.forbidden")} text={t("access.forbiddenText")} />;
  else
    body = (
      <Tabs defaultValue="list">
        <TabsList aria-label={t(`access.${kind}.title`)}>
          <TabsTrigger value="list">{t(`access.${kind}.tab`)}</TabsTrigger>
          <TabsTrigger value="audit">{t("access.audit")}</TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          <AccessList kind={kind} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditList />
        </TabsContent>
      </Tabs>
    );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t(`access.${kind}.title`)}
        subtitle={t(`access.${kind}.subtitle`)}
        actions={allowed ? <GrantDialog kind={kind} /> : undefined}
      />
      {body}
    </Container>
  );
}
