/** /iu/global/{id}: one global notification, marked read when opened. */
import { Megaphone } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  Button,
  Card,
  Container,
  Content,
  EmptyState,
  ErrorState,
  PageHeader,
  SkeletonText,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { useGlobalNotification, useMarkGlobalRead } from "../api";

export default function GlobalNotificationPage() {
  const { t, i18n } = useTranslation("notifications");
  const id = Number(useParams().id);
  const query = useGlobalNotification(id);
  const markRead = useMarkGlobalRead();
  const { mutate } = markRead;

  useEffect(() => {
    if (query.data) mutate(query.data.id);
  }, [query.data, mutate]);

  const back = (
    <Button asChild variant="secondary">
      <Link to="/iu/dashboard">{t("backToDashboard")}</Link>
    </Button>
  );

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Container size="reading" className="py-8">
        <EmptyState
          icon={<Megaphone />}
          title={t("globalMissing")}
          text={t("globalMissingText")}
          action={back}
        />
      </Container>
    );
  }
  return (
    <Container size="reading" className="py-6 sm:py-8">
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <SkeletonText lines={1} className="w-2/3" />
          <SkeletonText lines={4} />
        </div>
      ) : query.isError ? (
        <ErrorState message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <PageHeader
            above={t("announcement")}
            title={<Content lang={query.data.title_lang}>{query.data.title}</Content>}
            subtitle={
              query.data.published_at ? (
                <time dateTime={query.data.published_at}>
                  {formatDateTime(query.data.published_at, dateLanguage(i18n.language))}
                </time>
              ) : undefined
            }
          />
          <Card className="p-6">
            <Content
              as="p"
              lang={query.data.description_lang}
              className="text-base whitespace-pre-line text-fg"
            >
              {query.data.description}
            </Content>
          </Card>
          <div className="mt-6">{back}</div>
        </>
      )}
    </Container>
  );
}
