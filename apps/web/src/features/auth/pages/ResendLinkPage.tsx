/**
 * /register-resend-link: a new email verification link, or a new confirmation link for the
 * guardian of a child account. The answer never tells whether the account exists.
 */
import { resendRequest } from "@aprendo/contract";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Field, Input, RadioGroup } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { useParentResend, useVerifyResend } from "../api";
import { AuthLayout, ResultIcon } from "../components/AuthLayout";
import { fieldMessage, reportError } from "../components/form";

type Kind = "verification" | "guardian";

export default function ResendLinkPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const [kind, setKind] = useState<Kind>(params.get("type") === "guardian" ? "guardian" : "verification");
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const verifyResend = useVerifyResend();
  const parentResend = useParentResend();
  const form = useForm({
    resolver: contractResolver(resendRequest),
    defaultValues: { login: params.get("login") ?? "" },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await (kind === "guardian" ? parentResend : verifyResend).mutateAsync(values);
      showSuccess(result.message);
      setSentMessage(result.message);
    } catch (error) {
      reportError(error, form.setError, ["login"]);
    }
  });

  const backToLogin = (
    <Link
      to="/login"
      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
    >
      {t("common.backToLogin")}
    </Link>
  );

  if (sentMessage) {
    return (
      <AuthLayout
        icon={
          <ResultIcon tone="success">
            <MailCheck />
          </ResultIcon>
        }
        title={t("resend.sentTitle")}
        subtitle={sentMessage}
      >
        <div className="flex flex-col gap-2">
          <Button asChild size="lg" fullWidth>
            <Link to="/login">{t("common.backToLogin")}</Link>
          </Button>
          <Button variant="ghost" fullWidth onClick={() => setSentMessage(null)}>
            {t("resend.again")}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("resend.title")} subtitle={t("resend.subtitle")} footer={<p>{backToLogin}</p>}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <RadioGroup
          legend={t("resend.which")}
          name="kind"
          value={kind}
          onValueChange={(value) => setKind(value as Kind)}
          options={[
            {
              value: "verification",
              label: t("resend.verification"),
              description: t("resend.verificationHint"),
            },
            { value: "guardian", label: t("resend.guardian"), description: t("resend.guardianHint") },
          ]}
        />
        <Field label={t("fields.usernameOrEmail")} error={fieldMessage(form.formState.errors.login)} required>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register("login")}
          />
        </Field>
        <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting}>
          {t("resend.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
