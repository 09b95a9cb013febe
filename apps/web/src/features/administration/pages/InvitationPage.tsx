/**
 * /admin-invitation/{token}: an invited administrator or head administrator chooses a password
 * (the account pages' reset pattern: the link is checked first, so a dead one says so at once).
 */
import { invitationAcceptInput } from "@aprendo/contract";
import { KeyRound, LinkIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Field, Skeleton } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { AuthLayout, ResultIcon } from "../../auth/components/AuthLayout";
import { fieldMessage, reportError } from "../../auth/components/form";
import { PasswordInput } from "../../auth/components/PasswordInput";
import { PasswordRules } from "../../auth/components/PasswordRules";
import { useAcceptInvitation, useInvitationCheck } from "../api";

export default function InvitationPage() {
  const { t } = useTranslation("administration");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const check = useInvitationCheck(token);
  const accept = useAcceptInvitation();
  const form = useForm({
    resolver: contractResolver(invitationAcceptInput),
    defaultValues: { token, password: "", password_confirmation: "" },
  });
  const password = form.watch("password") ?? "";
  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await accept.mutateAsync(values)).message);
      navigate("/login", { replace: true });
    } catch (error) {
      reportError(error, form.setError, ["password", "password_confirmation"]);
    }
  });

  if (check.isPending)
    return (
      <AuthLayout title={t("invitation.title")} subtitle={t("invitation.checking")}>
        <div className="flex flex-col gap-4" aria-hidden="true">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
          <Skeleton className="h-12" />
        </div>
      </AuthLayout>
    );
  if (check.isError || !check.data)
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="danger">
            <LinkIcon />
          </ResultIcon>
        }
        title={t("invitation.invalidTitle")}
        subtitle={t("invitation.invalidText")}
      >
        <Button asChild size="lg" fullWidth>
          <Link to="/login">{t("invitation.toLogin")}</Link>
        </Button>
      </AuthLayout>
    );
  return (
    <AuthLayout
      icon={
        <ResultIcon>
          <KeyRound />
        </ResultIcon>
      }
      title={
        check.data.first_name
          ? t("invitation.greeting", { name: check.data.first_name })
          : t("invitation.title")
      }
      subtitle={t("invitation.subtitle", { username: check.data.username })}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={check.data.username}
          readOnly
          hidden
        />
        <Field label={t("invitation.password")} error={fieldMessage(form.formState.errors.password)} required>
          <PasswordInput autoComplete="new-password" autoFocus {...form.register("password")} />
        </Field>
        <PasswordRules value={password} />
        <Field
          label={t("invitation.confirmation")}
          error={fieldMessage(form.formState.errors.password_confirmation)}
          required
        >
          <PasswordInput autoComplete="new-password" {...form.register("password_confirmation")} />
        </Field>
        <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting}>
          {t("invitation.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
