/** /u/:handle: a learner's public certificates, when they turned the page on. */
import { Award, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Card, EmptyState, ErrorState, PageHeader, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { usePublicProfile } from "../api";
import { formatDay } from "../logic";

export default function PublicProfilePage() {
  const { t, i18n } = useTranslation("certificates");
  const { handle = "" } = useParams();
  const page = usePublicProfile(handle);
  if (page.isPending)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-10">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (page.isError)
    return page.error instanceof ApiError && page.error.status === 404 ? (
      <EmptyState title={t("publicPage.notFound")} text={t("publicPage.notFoundText")} />
    ) : (
      <ErrorState
        message={translateMessage("error.somethingWrong")}
        title={t("loadError")}
        retryLabel={t("retry")}
        onRetry={() => page.refetch()}
      />
    );
  const p = page.data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PageHeader title={p.name} subtitle={t("publicPage.subtitle", { count: p.data.length })} />
      {p.data.length === 0 ? (
        <EmptyState icon={<Award aria-hidden="true" className="size-10" />} title={t("publicPage.none")} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {p.data.map((c) => (
            <li key={c.verify_url}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <div className="flex items-start gap-3">
                  <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                    <Award aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{c.item}</p>
                    <p className="text-sm text-fg-muted">
                      {t(`kind.${c.kind}`)} · {t("issued", { date: formatDay(c.issued_at, i18n.language) })}
                    </p>
                  </div>
                </div>
                <a
                  href={c.verify_url}
                  className="inline-flex items-center gap-1 self-start text-sm text-primary underline-offset-4 hover:underline focus-ring"
                >
                  <ExternalLink aria-hidden="true" className="size-4" /> {t("verifyLink")}
                </a>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
