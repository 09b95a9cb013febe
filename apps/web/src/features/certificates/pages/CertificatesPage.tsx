/**
 * /iu/profile/certificates/:id?: the learner's certificates. Locked (with the missing steps listed)
 * until the profile is complete and the photo and identity are verified; then each one can be
 * opened and downloaded as PDF. Notification type 3 opens `/iu/profile/certificates/{id}`.
 */
import { Award, ExternalLink, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  Badge,
  buttonClasses,
  Card,
  Content,
  EmptyState,
  ErrorState,
  PageHeader,
  Skeleton,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { useSession } from "../../../stores/session";
import { type CertificateItem, useMyCertificates } from "../api";
import { CredentialDownloads } from "../components/CredentialDownloads";
import { ProfileWarnings } from "../components/ProfileWarnings";
import { PublicProfileCard } from "../components/PublicProfileCard";
import { formatDay, selectedCertificate } from "../logic";

export default function CertificatesPage() {
  const { t } = useTranslation("certificates");
  const { id } = useParams();
  const list = useMyCertificates();

  if (list.isPending)
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-3 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Skeleton className="h-10 w-56" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (list.isError)
    return (
      <ErrorState
        message={translateMessage("error.somethingWrong")}
        title={t("loadError")}
        retryLabel={t("retry")}
        onRetry={() => list.refetch()}
      />
    );

  const { data, locked, missing } = list.data;
  const selected = selectedCertificate(data, id);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {locked && <ProfileWarnings missing={missing} />}
      {selected === "missing" ? (
        <EmptyState
          title={t("notFound")}
          action={
            <Link to="/iu/profile/certificates" className={buttonClasses({ variant: "secondary" })}>
              {t("back")}
            </Link>
          }
        />
      ) : selected && !locked ? (
        <Detail certificate={selected} />
      ) : data.length === 0 ? (
        <EmptyState
          icon={<Award aria-hidden="true" className="size-10" />}
          title={t("empty.title")}
          text={t("empty.text")}
        />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.map((c) => (
              <li key={c.id}>
                <Row certificate={c} locked={locked} />
              </li>
            ))}
          </ul>
          {!locked && <PublicProfileCard suggestion={suggestedHandle()} />}
        </>
      )}
    </div>
  );
}

function Row({ certificate: c, locked }: { certificate: CertificateItem; locked: boolean }) {
  const { t, i18n } = useTranslation("certificates");
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          {locked ? (
            <Lock aria-hidden="true" className="size-5" />
          ) : (
            <Award aria-hidden="true" className="size-5" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <Content as="p" lang={c.item_lang} className="font-semibold break-words">
            {c.item}
          </Content>
          <p className="text-sm text-fg-muted">
            {t(`kind.${c.kind}`)} · {t("issued", { date: formatDay(c.issued_at, i18n.language) })}
          </p>
        </div>
        {c.revoked_at ? (
          <Badge tone="danger">{t("revoked")}</Badge>
        ) : (
          c.suspended_at && <Badge tone="warning">{t("suspended")}</Badge>
        )}
      </div>
      {!locked && (
        <Link
          to={`/iu/profile/certificates/${c.id}`}
          className={buttonClasses({ variant: "secondary", size: "sm", className: "self-start" })}
        >
          {t("view")}
        </Link>
      )}
    </Card>
  );
}

function Detail({ certificate: c }: { certificate: CertificateItem }) {
  const { t, i18n } = useTranslation("certificates");
  const user = useSession((s) => s.user);
  const learner = [user?.first_name, user?.last_name].filter(Boolean).join(" ") || user?.name || "";
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/iu/profile/certificates"
        className="self-start text-sm underline-offset-4 hover:underline focus-ring"
      >
        ← {t("back")}
      </Link>
      <Card className="relative overflow-hidden p-6 sm:p-10">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-3 rounded-md border-2 border-primary/40"
        />
        <div className="relative flex flex-col items-center gap-3 text-center">
          <Award aria-hidden="true" className="size-12 text-primary" />
          <Badge tone={c.revoked_at ? "danger" : c.suspended_at ? "warning" : "success"}>
            {c.revoked_at ? t("revoked") : c.suspended_at ? t("suspended") : t("valid")}
          </Badge>
          {learner && (
            <p className="flex flex-col items-center gap-1">
              <span className="text-sm text-fg-muted">{t("verify.learner")}</span>
              <span className="border-b border-primary/60 px-4 pb-1 text-xl font-semibold text-fg">
                {learner}
              </span>
            </p>
          )}
          <p className="mt-2 text-sm uppercase tracking-wide text-fg-muted">{t(`kind.${c.kind}`)}</p>
          <h2 className="text-2xl font-bold break-words sm:text-3xl">
            <Content lang={c.item_lang}>{c.item}</Content>
          </h2>
          <p className="text-fg-muted">{t("issued", { date: formatDay(c.issued_at, i18n.language) })}</p>
          <p className="font-mono text-sm">
            {t("code")}: {c.code}
          </p>
          <div className="mt-2 flex w-full flex-col items-center gap-3">
            <CredentialDownloads certificate={c} />
            <a
              href={c.verify_url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline focus-ring"
            >
              <ExternalLink aria-hidden="true" className="size-4" /> {t("verifyLink")}
            </a>
          </div>
        </div>
      </Card>
    </div>
  );
}

/** A first address to offer for the public page: the username, in the allowed letters. */
function suggestedHandle() {
  const username = useSession.getState().user?.username ?? "";
  const slug = username
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30);
  return slug.length >= 3 ? slug : `learner-${slug || "me"}`;
}
