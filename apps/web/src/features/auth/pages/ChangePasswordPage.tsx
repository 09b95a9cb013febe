/** /iu/profile/change-password: current password, then the new one twice (spec section 5 rules). */
import { changePasswordRequest } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Card, Field, PageHeader } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { useChangePassword } from "../api";
import { fieldMessage, reportError } from "../components/form";
import { LeaveGuard } from "../components/LeaveGuard";
import { PasswordInput } from "../components/PasswordInput";
import { PasswordRules } from "../components/PasswordRules";

const empty = { current_password: "", password: "", password_confirmation: "" };

export default function ChangePasswordPage() {
  const { t } = useTranslation("auth");
  const change = useChangePassword();
  const form = useForm({ resolver: contractResolver(changePasswordRequest), defaultValues: empty });
  const { errors, isSubmitting, isDirty } = form.formState;
  const password = form.watch("password") ?? "";

  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await change.mutateAsync(values)).message);
      form.reset(empty);
    } catch (error) {
      reportError(error, form.setError, ["current_password", "password", "password_confirmation"]);
    }
  });

  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader
        above={
          <Link
            to="/iu/profile"
            className="rounded-sm underline-offset-4 hover:text-fg hover:underline focus-ring"
          >
            {t("profile.back")}
          </Link>
        }
        title={t("changePassword.title")}
        subtitle={t("changePassword.subtitle")}
      />
      <Card className="p-6 sm:p-8">
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <Field label={t("fields.currentPassword")} error={fieldMessage(errors.current_password)} required>
            <PasswordInput autoComplete="current-password" {...form.register("current_password")} />
          </Field>
          <Field label={t("fields.newPassword")} error={fieldMessage(errors.password)} required>
            <PasswordInput autoComplete="new-password" {...form.register("password")} />
          </Field>
          <PasswordRules value={password} />
          <Field
            label={t("fields.passwordConfirmation")}
            error={fieldMessage(errors.password_confirmation)}
            required
          >
            <PasswordInput autoComplete="new-password" {...form.register("password_confirmation")} />
          </Field>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => form.reset(empty)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t("changePassword.submit")}
            </Button>
          </div>
        </form>
      </Card>
      <LeaveGuard when={isDirty && !isSubmitting} />
    </div>
  );
}
