/**
 * /reset-password: ask for a reset by email (a link is mailed) or by phone number (a code is sent
 * by SMS, then the code opens the new-password form). Never tells whether an account exists.
 */
import { authTimings, passwordResetRequestRequest } from "@aprendo/contract";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Field, Input } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { usePasswordResetPhoneVerify, usePasswordResetRequest } from "../api";
import { AuthLayout, ResultIcon } from "../components/AuthLayout";
import { CodeStep } from "../components/CodeStep";
import { useCodeSentTo } from "../components/codeChannel";
import { fieldMessage, reportError } from "../components/form";

type Sent = { method: "email" | "sms"; login: string; message: string };

export default function ResetPasswordRequestPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const request = usePasswordResetRequest();
  const phoneVerify = usePasswordResetPhoneVerify();
  const [sent, setSent] = useState<Sent | null>(null);
  const codeSentTo = useCodeSentTo(sent !== null);
  const form = useForm({
    resolver: contractResolver(passwordResetRequestRequest),
    defaultValues: { login: "" },
  });

  const submit = form.handleSubmit(async ({ login }) => {
    try {
      const result = await request.mutateAsync({ login });
      showSuccess(result.message);
      setSent({ method: result.method, login, message: result.message });
    } catch (error) {
      reportError(error, form.setError, ["login"]);
    }
  });

  const backToLogin = (
    <p>
      <Link
        to="/login"
        className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
      >
        {t("common.backToLogin")}
      </Link>
    </p>
  );

  if (sent?.method === "sms") {
    return (
      <AuthLayout title={t("code.title")} subtitle={codeSentTo(sent.login)} footer={backToLogin}>
        <CodeStep
          resendAfterSeconds={authTimings.phoneCodeResendSeconds}
          onVerify={async (code) => {
            const { token } = await phoneVerify.mutateAsync({ phone: sent.login, code });
            navigate(`/reset-password/${encodeURIComponent(token)}`, { state: { via: "sms" } });
          }}
          onResend={async () => {
            const result = await request.mutateAsync({ login: sent.login });
            showSuccess(result.message);
            return { phone: sent.login, resend_after_seconds: authTimings.phoneCodeResendSeconds };
          }}
        >
          <Button variant="ghost" fullWidth onClick={() => setSent(null)}>
            {t("reset.useOther")}
          </Button>
        </CodeStep>
      </AuthLayout>
    );
  }

  if (sent) {
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="success">
            <MailCheck />
          </ResultIcon>
        }
        title={t("reset.sentTitle")}
        subtitle={sent.message}
      >
        <p className="text-sm text-fg-muted">{t("reset.sentHint")}</p>
        <div className="flex flex-col gap-2">
          <Button asChild size="lg" fullWidth>
            <Link to="/login">{t("common.backToLogin")}</Link>
          </Button>
          <Button variant="ghost" fullWidth onClick={() => setSent(null)}>
            {t("reset.useOther")}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("reset.title")} subtitle={t("reset.subtitle")} footer={backToLogin}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <Field
          label={t("fields.emailOrPhone")}
          hint={t("reset.hint")}
          error={fieldMessage(form.formState.errors.login)}
          required
        >
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register("login")}
          />
        </Field>
        <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting}>
          {t("reset.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
