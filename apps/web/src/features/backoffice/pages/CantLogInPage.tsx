/**
 * /cant-log-in: "Can't log in?" from the login page. Someone who lost their phone or can no longer
 * read their email tells us who they are and where to write; an administrator helps them from
 * /af/external-login-issues. The answer does not say whether an account matched.
 */
import { loginIssueInput, loginIssueReasons } from "@aprendo/contract";
import { ArrowLeft, LifeBuoy, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Card, Container, Field, Input, RadioGroup, Textarea } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { showError } from "../../../lib/toast";
import { submitLoginIssue } from "../api";

type Values = {
  full_name: string;
  account_identifier: string;
  contact_email: string;
  reason: (typeof loginIssueReasons)[number];
  description: string;
};

export default function CantLogInPage() {
  const { t } = useTranslation("backoffice");
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: contractResolver(loginIssueInput) as never,
    defaultValues: {
      full_name: "",
      account_identifier: "",
      contact_email: "",
      reason: "lost_phone",
      description: "",
    },
  });
  const errors = form.formState.errors;
  const message = (field: keyof Values) => {
    const text = errors[field]?.message;
    return text ? translateMessage(text) : undefined;
  };
  useEffect(() => {
    document.title = t("cantLogIn.title");
  }, [t]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await submitLoginIssue(values);
      setSent(result.message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors))
          form.setError(field as keyof Values, { type: "server", message: messages[0] });
      } else showError(error);
    }
  });

  return (
    <Container className="flex justify-center py-8 sm:py-12">
      <Card className="w-full max-w-xl gap-6 p-5 sm:p-8">
        <Link
          to="/login"
          className="inline-flex items-center gap-1 self-start text-sm text-fg-muted hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("cantLogIn.back")}
        </Link>
        {sent ? (
          <div className="flex flex-col items-center gap-3 text-center" role="status">
            <span className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
              <MailCheck aria-hidden="true" className="size-6" />
            </span>
            <h1 className="text-2xl font-semibold text-fg">{t("cantLogIn.sentTitle")}</h1>
            <p className="text-fg-muted">{sent}</p>
            <Button asChild variant="secondary">
              <Link to="/login">{t("cantLogIn.back")}</Link>
            </Button>
          </div>
        ) : (
          <>
            <header className="flex flex-col gap-2">
              <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
                <LifeBuoy aria-hidden="true" className="size-5" />
              </span>
              <h1 className="text-2xl font-semibold tracking-tight text-fg">{t("cantLogIn.title")}</h1>
              <p className="text-fg-muted">
                {t("cantLogIn.intro")}{" "}
                <Link to="/reset-password" className="font-medium text-primary hover:underline">
                  {t("cantLogIn.forgotPassword")}
                </Link>
              </p>
            </header>
            <form noValidate onSubmit={submit} className="flex flex-col gap-4">
              <RadioGroup
                legend={t("cantLogIn.reason")}
                name="reason"
                error={message("reason")}
                value={form.watch("reason")}
                onValueChange={(v: string) => form.setValue("reason", v as Values["reason"])}
                options={loginIssueReasons.map((r) => ({ value: r, label: t(`loginIssues.reasons.${r}`) }))}
              />
              <Field label={t("cantLogIn.fullName")} required error={message("full_name")}>
                <Input autoComplete="name" {...form.register("full_name")} />
              </Field>
              <Field
                label={t("cantLogIn.identifier")}
                hint={t("cantLogIn.identifierHint")}
                required
                error={message("account_identifier")}
              >
                <Input autoCapitalize="none" spellCheck={false} {...form.register("account_identifier")} />
              </Field>
              <Field
                label={t("cantLogIn.contact")}
                hint={t("cantLogIn.contactHint")}
                required
                error={message("contact_email")}
              >
                <Input type="email" autoComplete="email" {...form.register("contact_email")} />
              </Field>
              <Field
                label={t("cantLogIn.description")}
                hint={t("cantLogIn.descriptionHint")}
                required
                error={message("description")}
              >
                <Textarea rows={4} maxLength={2000} {...form.register("description")} />
              </Field>
              <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting}>
                {t("cantLogIn.submit")}
              </Button>
            </form>
          </>
        )}
      </Card>
    </Container>
  );
}
