/**
 * /guardian-confirmed: where a guardian's confirmation link (/?age_verification_token=...) lands once
 * start-up has sent the token (app/bootstrap.ts). It says what happened to the child's account, not
 * a login form the guardian has no use for. Opened without a result, it goes to the home page.
 */
import { CircleCheck, LinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { Button } from "../../../components/ui";
import { AuthLayout, ResultIcon } from "../components/AuthLayout";

/** What start-up learnt from the server, passed as the route's state. */
export type GuardianConfirmation =
  | { result: "confirmed"; username: string | null }
  | { result: "invalid"; message: string };

export default function GuardianConfirmedPage() {
  const { t } = useTranslation("auth");
  const state = useLocation().state as GuardianConfirmation | null;
  if (!state) return <Navigate to="/" replace />;

  if (state.result === "invalid") {
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="danger">
            <LinkIcon />
          </ResultIcon>
        }
        title={t("guardianConfirmed.invalidTitle")}
        subtitle={state.message}
      >
        <Button asChild size="lg" fullWidth variant="secondary">
          <Link to="/">{t("guardianConfirmed.home")}</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={
        <ResultIcon tone="success">
          <CircleCheck />
        </ResultIcon>
      }
      title={t("guardianConfirmed.title")}
      subtitle={
        state.username
          ? t("guardianConfirmed.text", { username: state.username })
          : t("guardianConfirmed.textNoName")
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">{t("guardianConfirmed.next")}</p>
        <Button asChild size="lg" fullWidth>
          <Link to="/login">{t("guardianConfirmed.toLogin")}</Link>
        </Button>
        <Button asChild size="lg" fullWidth variant="secondary">
          <Link to="/">{t("guardianConfirmed.home")}</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
