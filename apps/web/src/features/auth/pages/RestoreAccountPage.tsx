/**
 * /restore-account/{token}: keeps an account that was scheduled for deletion (link valid 14 days).
 * Restoring takes a click rather than happening on load, so a mail scanner opening the link
 * cannot restore an account by accident.
 */
import { CircleCheck, LinkIcon, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showSuccess } from "../../../lib/toast";
import { useRestoreAccount } from "../api";
import { AuthLayout, ResultIcon } from "../components/AuthLayout";
import { reportError } from "../components/form";

export default function RestoreAccountPage() {
  const { t } = useTranslation("auth");
  const { token = "" } = useParams();
  const restore = useRestoreAccount();
  const [result, setResult] = useState<"restored" | "invalid" | null>(null);

  const run = async () => {
    try {
      showSuccess((await restore.mutateAsync({ token })).message);
      setResult("restored");
    } catch (error) {
      reportError(error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
        setResult("invalid");
    }
  };

  if (result === "restored") {
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="success">
            <CircleCheck />
          </ResultIcon>
        }
        title={t("restore.doneTitle")}
        subtitle={t("restore.doneText")}
      >
        <Button asChild size="lg" fullWidth>
          <Link to="/login">{t("restore.toLogin")}</Link>
        </Button>
      </AuthLayout>
    );
  }

  if (result === "invalid") {
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="danger">
            <LinkIcon />
          </ResultIcon>
        }
        title={t("restore.invalidTitle")}
        subtitle={t("restore.invalidText")}
      >
        <Button asChild size="lg" fullWidth>
          <Link to="/login">{t("common.backToLogin")}</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={
        <ResultIcon>
          <RotateCcw />
        </ResultIcon>
      }
      title={t("restore.title")}
      subtitle={t("restore.subtitle")}
    >
      <Button size="lg" fullWidth onClick={run} loading={restore.isPending}>
        {t("restore.submit")}
      </Button>
    </AuthLayout>
  );
}
