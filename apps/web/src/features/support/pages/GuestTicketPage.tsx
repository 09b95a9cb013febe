/**
 * /tickets for guests (spec section 1): open a ticket with an email, or, with the private link of the
 * mail (`?ticket={id}&token={token}`), follow it: read the thread, reply, mark it resolved or reopen it.
 */
import { CircleHelp, LogIn, MailCheck, SearchX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import {
  Button,
  Card,
  Container,
  EmptyState,
  ErrorState,
  PageHeader,
  SkeletonText,
} from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { type GuestTicketCreated, useOpenGuestTicket, useTicket } from "../api";
import { NewTicketForm } from "../components/NewTicketForm";
import { TicketView } from "../components/TicketView";

function GuestFollowUp({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation("support");
  const viewer = { kind: "guest", token } as const;
  const ticket = useTicket(viewer, id);
  if (ticket.isPending)
    return (
      <Card aria-busy="true" className="gap-4 p-6">
        <SkeletonText lines={2} className="w-1/2" />
        <SkeletonText lines={5} />
      </Card>
    );
  if (ticket.isError) {
    if (ticket.error instanceof ApiError && ticket.error.status === 404)
      return (
        <EmptyState
          icon={<SearchX />}
          title={t("notFound.title")}
          text={t("notFound.guestText")}
          action={
            <Button asChild>
              <Link to="/tickets">{t("guest.openAnother")}</Link>
            </Button>
          }
        />
      );
    return (
      <ErrorState
        message={t("errors.ticket")}
        retryLabel={t("errors.retry")}
        onRetry={() => void ticket.refetch()}
        retrying={ticket.isFetching}
      />
    );
  }
  return <TicketView ticket={ticket.data} viewer={viewer} headingLevel={2} />;
}

function Sent({ created, onAnother }: { created: GuestTicketCreated; onAnother: () => void }) {
  const { t } = useTranslation("support");
  return (
    <Card className="items-center gap-3 p-8 text-center" role="status" data-testid="guest-ticket-sent">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success"
      >
        <MailCheck className="size-7" />
      </span>
      <h2 className="text-xl font-semibold text-fg">
        {t("guest.sentTitle", { reference: created.data.reference })}
      </h2>
      <p className="max-w-md text-sm text-fg-muted">{created.message}</p>
      <p className="max-w-md text-sm text-fg-muted">{t("guest.sentHint")}</p>
      <Button variant="secondary" className="mt-2" onClick={onAnother}>
        {t("guest.openAnother")}
      </Button>
    </Card>
  );
}

export default function GuestTicketPage() {
  const { t } = useTranslation("support");
  const [params] = useSearchParams();
  const open = useOpenGuestTicket();
  const [created, setCreated] = useState<GuestTicketCreated | null>(null);
  const id = Number(params.get("ticket"));
  const token = params.get("token") ?? "";

  if (Number.isInteger(id) && id > 0 && token)
    return (
      <Container className="py-8 sm:py-10">
        <div className="mx-auto w-full max-w-4xl">
          <PageHeader
            above={t("guest.followAbove")}
            title={t("guest.followTitle")}
            subtitle={t("guest.followSubtitle")}
          />
          <GuestFollowUp id={id} token={token} />
        </div>
      </Container>
    );

  return (
    <Container className="py-8 sm:py-12">
      {/* Phones read the title, the form, then the tips; wide screens put the tips under the title. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:gap-y-6">
        <PageHeader
          className="pb-0 lg:col-start-1 lg:row-start-1"
          title={t("guest.title")}
          subtitle={t("guest.subtitle")}
        />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {created ? (
            <Sent created={created} onAnother={() => setCreated(null)} />
          ) : (
            <Card className="p-5 sm:p-8">
              <h2 className="mb-5 text-xl font-semibold text-fg">{t("guest.formTitle")}</h2>
              <NewTicketForm
                mode="guest"
                onSubmit={async (body) => setCreated(await open.mutateAsync(body))}
              />
            </Card>
          )}
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ul className="flex flex-col gap-3">
            <li>
              <Card className="flex-row items-start gap-3 p-4">
                <CircleHelp aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <p className="text-sm text-fg-muted">
                  <span className="block font-medium text-fg">{t("guest.faqTitle")}</span>
                  {t("guest.faqText")}{" "}
                  <Link
                    to="/faqs"
                    className="text-primary underline underline-offset-4 hover:no-underline focus-ring"
                  >
                    {t("guest.faqLink")}
                  </Link>
                </p>
              </Card>
            </li>
            <li>
              <Card className="flex-row items-start gap-3 p-4">
                <LogIn aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <p className="text-sm text-fg-muted">
                  <span className="block font-medium text-fg">{t("guest.accountTitle")}</span>
                  {t("guest.accountText")}{" "}
                  <Link
                    to="/login?redirect=%2Fiu%2Ftickets"
                    className="text-primary underline underline-offset-4 hover:no-underline focus-ring"
                  >
                    {t("guest.accountLink")}
                  </Link>
                </p>
              </Card>
            </li>
          </ul>
        </div>
      </div>
    </Container>
  );
}
