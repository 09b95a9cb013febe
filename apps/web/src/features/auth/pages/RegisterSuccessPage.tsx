/** /register-success/{identity}: where the verification link went, and what happens next. */
import { MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { Button } from "../../../components/ui";
import { AuthLayout, ResultIcon } from "../components/AuthLayout";

type SuccessState = { message?: string; requiresGuardian?: boolean; byGuardian?: boolean } | null;

export default function RegisterSuccessPage() {
  const { t } = useTranslation("auth");
  const { identity = "" } = useParams();
  const state = useLocation().state as SuccessState;

  return (
    <AuthLayout
      icon={
        <ResultIcon tone="success">
          <MailCheck />
        </ResultIcon>
      }
      title={t("registerSuccess.title")}
      subtitle={
        <>
          {t("registerSuccess.sentTo")}{" "}
          <strong className="font-semibold break-all text-fg">{identity}</strong>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-fg">
        <p>{state?.byGuardian ? t("registerSuccess.openLinkGuardian") : t("registerSuccess.openLink")}</p>
        {state?.requiresGuardian && !state.byGuardian && (
          <p className="rounded-md border border-info/30 bg-info-soft px-3 py-2">
            {t("registerSuccess.guardianToo")}
          </p>
        )}
        <p className="text-fg-muted">{t("registerSuccess.spam")}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Button asChild size="lg" fullWidth>
          <Link to="/login">{t("registerSuccess.toLogin")}</Link>
        </Button>
        <Button asChild variant="ghost" fullWidth>
          <Link to={`/register-resend-link?login=${encodeURIComponent(identity)}`}>
            {t("registerSuccess.resend")}
          </Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
