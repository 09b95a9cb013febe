/**
 * /unsubscribe?token=: the page a learning mail's unsubscribe link opens, no login needed. Opening
 * it changes nothing (mail scanners open links); the button stops the mail.
 */
import { MailX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Banner, Button, Card, Container, PageHeader, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { showError } from "../../../lib/toast";
import { useUnsubscribe, useUnsubscribeStatus } from "../api";

export default function UnsubscribePage() {
  const { t } = useTranslation("goals");
  const token = useSearchParams()[0].get("token") ?? "";
  const status = useUnsubscribeStatus(token);
  const stop = useUnsubscribe(token);

  let body: React.ReactNode;
  if (token === "") body = <Banner tone="warning">{t("unsubscribe.missing")}</Banner>;
  else if (status.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (status.isError) body = <Banner tone="danger">{t("unsubscribe.invalid")}</Banner>;
  else if (!status.data.subscribed)
    body = (
      <div className="flex flex-col gap-3" role="status">
        <p className="text-base font-medium text-fg">
          {stop.data
            ? translateMessage(stop.data.message)
            : t(status.data.kind === "reminder" ? "unsubscribe.doneReminder" : "unsubscribe.doneWeekly")}
        </p>
        <p className="text-sm text-fg-muted">{t("unsubscribe.again")}</p>
        <div>
          <Button asChild variant="secondary">
            <Link to="/iu/profile/notifications">{t("unsubscribe.profile")}</Link>
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-base text-fg">
          {t(status.data.kind === "reminder" ? "unsubscribe.reminder" : "unsubscribe.weekly")}
        </p>
        <div>
          <Button loading={stop.isPending} onClick={() => stop.mutate(undefined, { onError: showError })}>
            {t("unsubscribe.confirm")}
          </Button>
        </div>
      </div>
    );

  return (
    <Container className="max-w-xl py-8">
      <PageHeader title={t("unsubscribe.title")} />
      <Card className="flex-row items-start gap-4 p-5 sm:p-6">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
        >
          <MailX className="size-5" />
        </span>
        <div className="min-w-0 flex-1">{body}</div>
      </Card>
    </Container>
  );
}
