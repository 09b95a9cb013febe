/**
 * /reset-password/{token}: choose a new password with a link from the mail (or the token the SMS
 * code gave). The link is checked first, so an expired one says so before anything is typed.
 */
import { passwordResetEmailUpdateRequest, passwordResetRequest } from "@aprendo/contract";
import { KeyRound, LinkIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Field, Input, Skeleton } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { usePasswordReset, usePasswordResetCheck, usePasswordResetEmailUpdate } from "../api";
import { AuthLayout, ResultIcon } from "../components/AuthLayout";
import { fieldMessage, reportError } from "../components/form";
import { PasswordInput } from "../components/PasswordInput";
import { PasswordRules } from "../components/PasswordRules";

function EmailUpdateForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const update = usePasswordResetEmailUpdate();
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: contractResolver(passwordResetEmailUpdateRequest),
    defaultValues: { token, email: "", email_confirmation: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await update.mutateAsync(values)).message);
      setDone(true);
    } catch (error) {
      reportError(error, form.setError, ["email", "email_confirmation"]);
    }
  });
  if (done) return <p className="text-sm text-success">{t("resetToken.emailUpdated")}</p>;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={t("fields.newEmail")} error={fieldMessage(form.formState.errors.email)} required>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Field
        label={t("fields.emailConfirmation")}
        error={fieldMessage(form.formState.errors.email_confirmation)}
        required
      >
        <Input type="email" autoComplete="email" {...form.register("email_confirmation")} />
      </Field>
      <Button type="submit" variant="secondary" fullWidth loading={form.formState.isSubmitting}>
        {t("resetToken.updateEmail")}
      </Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const viaSms = (useLocation().state as { via?: string } | null)?.via === "sms";
  const check = usePasswordResetCheck(token);
  const reset = usePasswordReset();
  const [showEmail, setShowEmail] = useState(false);
  const form = useForm({
    resolver: contractResolver(passwordResetRequest),
    defaultValues: { token, password: "", password_confirmation: "" },
  });
  const password = form.watch("password") ?? "";

  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await reset.mutateAsync(values)).message);
      navigate("/login", { replace: true });
    } catch (error) {
      reportError(error, form.setError, ["password", "password_confirmation"]);
    }
  });

  if (check.isPending) {
    return (
      <AuthLayout title={t("resetToken.title")} subtitle={t("resetToken.checking")}>
        <div className="flex flex-col gap-4" aria-hidden="true">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
          <Skeleton className="h-12" />
        </div>
      </AuthLayout>
    );
  }

  if (check.isError) {
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="danger">
            <LinkIcon />
          </ResultIcon>
        }
        title={t("resetToken.invalidTitle")}
        subtitle={t("resetToken.invalidText")}
      >
        <div className="flex flex-col gap-2">
          <Button asChild size="lg" fullWidth>
            <Link to="/reset-password">{t("resetToken.newLink")}</Link>
          </Button>
          <Button asChild variant="ghost" fullWidth>
            <Link to="/login">{t("common.backToLogin")}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={
        <ResultIcon>
          <KeyRound />
        </ResultIcon>
      }
      title={t("resetToken.title")}
      subtitle={t("resetToken.subtitle")}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <Field label={t("fields.newPassword")} error={fieldMessage(form.formState.errors.password)} required>
          <PasswordInput autoComplete="new-password" autoFocus {...form.register("password")} />
        </Field>
        <PasswordRules value={password} />
        <Field
          label={t("fields.passwordConfirmation")}
          error={fieldMessage(form.formState.errors.password_confirmation)}
          required
        >
          <PasswordInput autoComplete="new-password" {...form.register("password_confirmation")} />
        </Field>
        <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting}>
          {t("resetToken.submit")}
        </Button>
      </form>
      {viaSms && (
        <div className="flex flex-col gap-3 border-t border-border pt-5">
          {showEmail ? (
            <>
              <p className="text-sm text-fg-muted">{t("resetToken.emailLostText")}</p>
              <EmailUpdateForm token={token} />
            </>
          ) : (
            <Button variant="link" className="self-start" onClick={() => setShowEmail(true)}>
              {t("resetToken.emailLost")}
            </Button>
          )}
        </div>
      )}
    </AuthLayout>
  );
}
