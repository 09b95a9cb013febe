/**
 * /af/users/:id: one account: profile, titles with progress, tickets, classes, purchase history
 * (permission 8); correcting a learner's profile, mailing them a reset link, disabling and deleting
 * them (deleting needs permission 7).
 */
import type { UserAdminDetail } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import {
  ArrowLeft,
  Ban,
  BookOpen,
  LifeBuoy,
  Receipt,
  RotateCcw,
  SearchX,
  Trash2,
  UserRound,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ListPaging, pagingTexts } from "../../../components/admin";
import {
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Container,
  EmptyState,
  ErrorState,
  ProgressBar,
  Skeleton,
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
} from "../../../components/ui";
import {
  dateLanguage,
  formatDate,
  formatDateTime,
  formatMoney,
  poundsToPence,
  relativeTime,
} from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { LearnerAccommodation } from "../../quizzes/components/LearnerAccommodation";
import { UserSalaryScale } from "../../salary-scales/components/UserSalaryScale";
import { useDeleteUser, useSetUserStatus, useUser, useUserPurchases } from "../api";
import { countryName } from "../components/format";
import { EditProfileButton, SendResetLinkButton } from "../components/UserProfileDialog";
import { statusTone } from "./UsersPage";

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 flex flex-col gap-0.5 lg:col-span-1" : "flex flex-col gap-0.5"}>
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="break-words text-sm text-fg">{children || "—"}</dd>
    </div>
  );
}

function Profile({ user }: { user: UserAdminDetail }) {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const verification = (status: string) => (
    <Badge
      tone={
        status === "completed"
          ? "success"
          : status === "failed"
            ? "danger"
            : status === "processing"
              ? "info"
              : "neutral"
      }
    >
      {t(`verification.${status}`)}
    </Badge>
  );
  return (
    <Card className="p-4 sm:p-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <Detail label={t("user.email")} wide>
          {user.email}
          {user.email && (
            <span className="ml-2 align-middle">
              <Badge tone={user.email_verified_at ? "success" : "warning"}>
                {user.email_verified_at ? t("user.verified") : t("user.unverified")}
              </Badge>
            </span>
          )}
        </Detail>
        <Detail label={t("user.phone")}>{user.phone}</Detail>
        <Detail label={t("user.dateOfBirth")}>
          {user.date_of_birth ? formatDate(user.date_of_birth, language) : ""}
          {user.is_child && (
            <span className="ml-2 align-middle">
              <Badge tone="accent">{t("users.childBadge")}</Badge>
            </span>
          )}
        </Detail>
        {user.is_child && <Detail label={t("user.guardian")}>{user.guardian_email}</Detail>}
        <Detail label={t("user.country")}>
          {user.country ? countryName(user.country, i18n.language) : ""}
        </Detail>
        <Detail label={t("user.city")}>{user.profile?.city}</Detail>
        <Detail label={t("user.language")}>{user.language_id === 2 ? "Español" : "English"}</Detail>
        <Detail label={t("user.joined")}>{formatDateTime(user.created_at, language)}</Detail>
        <Detail label={t("user.lastActive")}>
          {user.last_active_at ? relativeTime(user.last_active_at, language) : t("users.never")}
        </Detail>
        <Detail label={t("user.newsletter")}>{user.newsletter_consent ? t("user.yes") : t("user.no")}</Detail>
        {user.profile && (
          <>
            <Detail label={t("user.photo")}>{verification(user.profile.photo_status)}</Detail>
            <Detail label={t("user.identity")}>{verification(user.profile.identity_status)}</Detail>
          </>
        )}
        {user.classes.length > 0 && (
          <Detail label={t("user.classes")} wide>
            {user.classes.map((c) => `${c.name} · ${c.institution}`).join(", ")}
          </Detail>
        )}
        {user.deletion_requested_at && (
          <Detail label={t("user.deletionRequested")}>
            {formatDateTime(user.deletion_requested_at, language)}
          </Detail>
        )}
      </dl>
    </Card>
  );
}

function Titles({ user }: { user: UserAdminDetail }) {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  if (user.enrolments.length === 0)
    return <EmptyState icon={<BookOpen />} title={t("user.noTitles")} text={t("user.noTitlesText")} />;
  return (
    <Table caption={t("user.titles")}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>{t("user.columns.title")}</TableHeaderCell>
          <TableHeaderCell>{t("user.columns.progress")}</TableHeaderCell>
          <TableHeaderCell className="max-md:hidden">{t("user.columns.source")}</TableHeaderCell>
          <TableHeaderCell className="max-md:hidden">{t("user.columns.enrolled")}</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {user.enrolments.map((e) => {
          const percent = e.lectures === 0 ? 0 : Math.round((e.completed / e.lectures) * 100);
          return (
            <TableRow key={e.course_id}>
              <TableCell className="max-w-64 font-medium">{e.title}</TableCell>
              <TableCell className="min-w-36">
                <div className="flex items-center gap-2">
                  <ProgressBar
                    value={percent}
                    label={t("user.progressOf", { title: e.title })}
                    className="flex-1"
                  />
                  <span className="text-xs tabular-nums text-fg-muted">
                    {t("user.lectures", { done: e.completed, total: e.lectures })}
                  </span>
                </div>
              </TableCell>
              <TableCell className="max-md:hidden">
                <Badge>{t(`source.${e.source}`)}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums max-md:hidden">
                {formatDate(e.enrolled_at, language)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function Tickets({ user }: { user: UserAdminDetail }) {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  if (user.tickets.length === 0) return <EmptyState icon={<LifeBuoy />} title={t("user.noTickets")} />;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
      {user.tickets.map((ticket) => (
        <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
          <Link to={`/af/tickets/${ticket.id}`} className="font-medium text-primary hover:underline">
            #{ticket.id} · {ticket.subject ?? t("user.otherSubject")}
          </Link>
          <span className="flex items-center gap-2">
            <Badge
              tone={
                ticket.status === "resolved" ? "success" : ticket.status === "unclaimed" ? "warning" : "info"
              }
            >
              {t(`ticketStatus.${ticket.status}`)}
            </Badge>
            <span className="text-xs text-fg-muted tabular-nums">
              {formatDate(ticket.created_at, language)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Purchases({ id }: { id: number }) {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const [page, setPage] = useState(1);
  const query = useUserPurchases(id, page, true);
  const rows = query.data?.data ?? [];
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError)
    return (
      <ErrorState message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void query.refetch()} />
    );
  if (rows.length === 0) return <EmptyState icon={<Receipt />} title={t("user.noPurchases")} />;
  return (
    <>
      <Table caption={t("user.purchases")}>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("user.columns.item")}</TableHeaderCell>
            <TableHeaderCell>{t("user.columns.amount")}</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">{t("user.columns.order")}</TableHeaderCell>
            <TableHeaderCell>{t("user.columns.date")}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id}>
              <TableCell className="max-w-64">
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{p.name}</span>
                  {p.status !== "paid" && (
                    <span>
                      <Badge tone="warning">{t(`purchaseStatus.${p.status}`)}</Badge>
                    </span>
                  )}
                </span>
              </TableCell>
              <TableCell className="tabular-nums">
                {formatMoney(poundsToPence(p.amount), i18n.language)}
              </TableCell>
              <TableCell className="max-md:hidden">#{p.order}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatDate(p.date, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ListPaging
        page={page}
        total={query.data?.total ?? 0}
        perPage={10}
        onPageChange={setPage}
        texts={pagingTexts(t)}
      />
    </>
  );
}

function Actions({ user }: { user: UserAdminDetail }) {
  const { t } = useTranslation("backoffice");
  const navigate = useNavigate();
  const canDelete = useSession((s) => s.permissions.includes("isAbleToDeleteUsers"));
  const setStatus = useSetUserStatus(user.id);
  const remove = useDeleteUser(user.id);
  if (user.role_id !== Role.learner || user.status === "erased") return null;
  const disabled = user.status === "disabled" || user.status === "pending_deletion";
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <div className="flex flex-wrap gap-2">
      <EditProfileButton user={user} />
      <SendResetLinkButton user={user} />
      {disabled ? (
        <Button
          variant="secondary"
          loading={setStatus.isPending}
          onClick={() =>
            setStatus.mutate("active", { onSuccess: (r) => showSuccess(r.message), onError: showError })
          }
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {user.status === "pending_deletion" ? t("user.restore") : t("user.enable")}
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="secondary">
              <Ban aria-hidden="true" className="size-4" />
              {t("user.disable")}
            </Button>
          }
          title={t("user.disableTitle")}
          description={t("user.disableText", { name })}
          confirmLabel={t("user.disable")}
          cancelLabel={t("cancel")}
          onConfirm={() => setStatus.mutateAsync("disabled").then((r) => showSuccess(r.message), showError)}
        />
      )}
      {canDelete && user.status !== "pending_deletion" && (
        <ConfirmDialog
          tone="danger"
          trigger={
            <Button variant="danger">
              <Trash2 aria-hidden="true" className="size-4" />
              {t("user.delete")}
            </Button>
          }
          title={t("user.deleteTitle")}
          description={t("user.deleteText", { name })}
          confirmLabel={t("user.delete")}
          cancelLabel={t("cancel")}
          onConfirm={() =>
            remove.mutateAsync().then((r) => {
              showSuccess(r.message);
              navigate("/af/users");
            }, showError)
          }
        />
      )}
    </div>
  );
}

export default function UserPage() {
  const { t } = useTranslation("backoffice");
  const id = Number(useParams().id);
  const query = useUser(id);
  const canSeePurchases = useSession((s) => s.permissions.includes("isAbleToViewUserPurchaseHistory"));
  const canReviewSalaryScale = useSession((s) => s.permissions.includes("isSalaryScaleManager"));
  const back = (
    <Link to="/af/users" className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("user.back")}
    </Link>
  );
  if (query.isPending)
    return (
      <Container className="flex flex-col gap-4 py-6 sm:py-8" aria-busy="true">
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
        {back}
        <Skeleton className="h-20" />
        <Skeleton className="h-64" />
      </Container>
    );
  if (query.isError || !query.data)
    return (
      <Container className="flex flex-col gap-4 py-6 sm:py-8">
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState icon={<SearchX />} title={t("user.notFound")} />
        ) : (
          <ErrorState
            message={t("loadFailed")}
            retryLabel={t("retry")}
            onRetry={() => void query.refetch()}
          />
        )}
      </Container>
    );
  const user = query.data;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <Container className="flex flex-col gap-6 py-6 sm:py-8">
      {back}
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar name={name} size="lg" />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{name}</h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <span>@{user.username}</span>
              <span aria-hidden="true">·</span>
              <span>#{user.id}</span>
              <Badge tone={user.role_id === Role.learner ? "neutral" : "primary"}>
                {t(`roles.${user.role_id}`)}
              </Badge>
              <Badge tone={statusTone[user.status] ?? "neutral"}>{t(`status.${user.status}`)}</Badge>
            </p>
          </div>
        </div>
        <Actions user={user} />
      </header>
      <Tabs defaultValue="profile">
        <TabsList aria-label={t("user.sections")}>
          <TabsTrigger value="profile">
            <UserRound aria-hidden="true" className="size-4 max-sm:hidden" />
            {t("user.profile")}
          </TabsTrigger>
          <TabsTrigger value="titles">
            <BookOpen aria-hidden="true" className="size-4 max-sm:hidden" />
            {t("user.titlesCount", { count: user.enrolments.length })}
          </TabsTrigger>
          <TabsTrigger value="tickets">
            <LifeBuoy aria-hidden="true" className="size-4 max-sm:hidden" />
            {t("user.ticketsCount", { count: user.tickets.length })}
          </TabsTrigger>
          {canSeePurchases && (
            <TabsTrigger value="purchases">
              <Receipt aria-hidden="true" className="size-4 max-sm:hidden" />
              {t("user.purchases")}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="profile" className="flex flex-col gap-4 pt-4">
          <Profile user={user} />
          {/* The declaration and its review (spec section 5), for the salary-scale manager. */}
          {canReviewSalaryScale && user.role_id === Role.learner && <UserSalaryScale userId={user.id} />}
          {/* Extra time on quizzes and exams (WCAG 2.2.1), granted by the user manager. */}
          {user.role_id === Role.learner && user.status !== "erased" && (
            <LearnerAccommodation userId={user.id} />
          )}
        </TabsContent>
        <TabsContent value="titles" className="pt-4">
          <Titles user={user} />
        </TabsContent>
        <TabsContent value="tickets" className="pt-4">
          <Tickets user={user} />
        </TabsContent>
        {canSeePurchases && (
          <TabsContent value="purchases" className="pt-4">
            <Purchases id={user.id} />
          </TabsContent>
        )}
      </Tabs>
    </Container>
  );
}
