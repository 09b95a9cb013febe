/**
 * /register (spec sections 3 and 4): a learner registers (with a guardian's email and phone when the
 * date of birth makes them a child), or a guardian registers a child. Then the optional SMS code
 * for the phone number, then /register-success/{identity}.
 */
import { type PhoneVerificationStep, type RegisterResponse, registerRequest } from "@aprendo/contract";
import { isChild } from "@aprendo/contract/domain";
import { Info } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Checkbox, DateInput, Field, Input, RadioGroup } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { usePhoneResend, usePhoneUpdate, usePhoneVerify, useRegister } from "../api";
import { AuthLayout } from "../components/AuthLayout";
import { CodeStep } from "../components/CodeStep";
import { useCodeSentTo, usePhoneCodesBy } from "../components/codeChannel";
import { fieldMessage, reportError } from "../components/form";
import { PasswordInput } from "../components/PasswordInput";
import { PasswordRules } from "../components/PasswordRules";

const fieldNames = [
  "registered_by",
  "first_name",
  "last_name",
  "child_first_name",
  "child_last_name",
  "username",
  "email",
  "email_confirmation",
  "password",
  "password_confirmation",
  "date_of_birth",
  "phone",
  "guardian_email",
  "guardian_phone",
  "newsletter",
  "terms",
] as const;

function Section({
  title,
  children,
  description,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t border-border pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <legend className="float-left mb-1 w-full text-base font-semibold text-fg">{title}</legend>
      {description && <div className="clear-both text-sm text-fg-muted">{description}</div>}
      <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const phoneCodesBy = usePhoneCodesBy();
  const codeSentTo = useCodeSentTo();
  const navigate = useNavigate();
  const register = useRegister();
  const phoneVerify = usePhoneVerify();
  const phoneResend = usePhoneResend();
  const phoneUpdate = usePhoneUpdate();
  const [registered, setRegistered] = useState<RegisterResponse | null>(null);
  const [phoneStep, setPhoneStep] = useState<PhoneVerificationStep | null>(null);

  const form = useForm({
    resolver: contractResolver(registerRequest),
    defaultValues: {
      registered_by: "self",
      first_name: "",
      last_name: "",
      child_first_name: "",
      child_last_name: "",
      username: "",
      email: "",
      email_confirmation: "",
      password: "",
      password_confirmation: "",
      date_of_birth: "",
      phone: "",
      guardian_email: "",
      guardian_phone: "",
      newsletter: false,
      terms: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const byGuardian = form.watch("registered_by") === "guardian";
  const dateOfBirth = form.watch("date_of_birth") ?? "";
  const child = !byGuardian && /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) && isChild(dateOfBirth);
  const password = form.watch("password") ?? "";
  const e = (name: (typeof fieldNames)[number]) => fieldMessage(errors[name]);

  const finish = (result: RegisterResponse) =>
    navigate(`/register-success/${encodeURIComponent(result.identity)}`, {
      replace: true,
      state: { message: result.message, requiresGuardian: result.requires_guardian, byGuardian },
    });

  const submit = form.handleSubmit(async (values) => {
    try {
      // Only the fields of the chosen path travel, so a changed mind leaves no stale data behind.
      const body = byGuardian
        ? { ...values, guardian_email: null, guardian_phone: null }
        : {
            ...values,
            child_first_name: null,
            child_last_name: null,
            ...(child ? {} : { guardian_email: null, guardian_phone: null }),
          };
      const result = await register.mutateAsync(body);
      if (result.phone_verification) {
        setRegistered(result);
        setPhoneStep(result.phone_verification);
      } else {
        finish(result);
      }
    } catch (error) {
      reportError(error, form.setError, fieldNames);
    }
  });

  if (registered && phoneStep) {
    return (
      <AuthLayout title={t("code.titleRegister")} subtitle={codeSentTo(phoneStep.phone)}>
        <CodeStep
          key={phoneStep.ticket}
          resendAfterSeconds={phoneStep.resend_after_seconds}
          onVerify={async (code) => {
            const result = await phoneVerify.mutateAsync({ ticket: phoneStep.ticket, code });
            showSuccess(result.message);
            finish(registered);
          }}
          onResend={async () =>
            (await phoneResend.mutateAsync({ ticket: phoneStep.ticket })).phone_verification
          }
          onChangeNumber={async (phone) =>
            (await phoneUpdate.mutateAsync({ ticket: phoneStep.ticket, phone })).phone_verification
          }
          onSent={(sent) => setPhoneStep((step) => (step ? { ...step, ...sent } : step))}
        >
          <Button variant="ghost" fullWidth onClick={() => finish(registered)}>
            {t("code.skip")}
          </Button>
        </CodeStep>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      width="wide"
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      footer={
        <p>
          {t("register.haveAccount")}{" "}
          <Link
            to="/login"
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
          >
            {t("register.login")}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <RadioGroup
          legend={t("register.who")}
          name="registered_by"
          orientation="horizontal"
          value={form.watch("registered_by")}
          onValueChange={(value) =>
            form.setValue("registered_by", value as "self" | "guardian", { shouldDirty: true })
          }
          options={[
            { value: "self", label: t("register.forMe") },
            { value: "guardian", label: t("register.forChild") },
          ]}
        />

        <Section title={byGuardian ? t("register.sectionGuardian") : t("register.sectionAboutYou")}>
          <Field label={t("fields.firstName")} error={e("first_name")} required>
            <Input autoComplete="given-name" {...form.register("first_name")} />
          </Field>
          <Field label={t("fields.lastName")} error={e("last_name")} required>
            <Input autoComplete="family-name" {...form.register("last_name")} />
          </Field>
          {!byGuardian && (
            <Field
              label={t("fields.dateOfBirth")}
              hint={t("fields.dateOfBirthHint")}
              error={e("date_of_birth")}
              required
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="date_of_birth"
                  render={({ field }) => (
                    <DateInput
                      {...control}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ""}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      placeholder={t("fields.datePlaceholder")}
                      autoComplete="bday"
                    />
                  )}
                />
              )}
            </Field>
          )}
          <Field
            label={byGuardian ? t("fields.yourPhone") : t("fields.phoneOptional")}
            hint={t(phoneCodesBy === "email" ? "fields.phoneHintByEmail" : "fields.phoneHint")}
            error={e("phone")}
            required={byGuardian}
          >
            <Input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t("fields.phonePlaceholder")}
              {...form.register("phone")}
            />
          </Field>
        </Section>

        {byGuardian && (
          <Section title={t("register.sectionChild")}>
            <Field label={t("fields.childFirstName")} error={e("child_first_name")} required>
              <Input autoComplete="off" {...form.register("child_first_name")} />
            </Field>
            <Field label={t("fields.childLastName")} error={e("child_last_name")} required>
              <Input autoComplete="off" {...form.register("child_last_name")} />
            </Field>
            <Field label={t("fields.childDateOfBirth")} error={e("date_of_birth")} required>
              {(control) => (
                <Controller
                  control={form.control}
                  name="date_of_birth"
                  render={({ field }) => (
                    <DateInput
                      {...control}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ""}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      placeholder={t("fields.datePlaceholder")}
                    />
                  )}
                />
              )}
            </Field>
          </Section>
        )}

        <Section title={t("register.sectionAccount")}>
          <Field
            label={byGuardian ? t("fields.childUsername") : t("fields.username")}
            hint={t("fields.usernameHint")}
            error={e("username")}
            required
            className="sm:col-span-2"
          >
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register("username")}
            />
          </Field>
          <Field label={byGuardian ? t("fields.yourEmail") : t("fields.email")} error={e("email")} required>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          <Field label={t("fields.emailConfirmation")} error={e("email_confirmation")} required>
            <Input type="email" autoComplete="email" {...form.register("email_confirmation")} />
          </Field>
          <Field label={t("fields.password")} error={e("password")} required>
            <PasswordInput autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field label={t("fields.passwordConfirmation")} error={e("password_confirmation")} required>
            <PasswordInput autoComplete="new-password" {...form.register("password_confirmation")} />
          </Field>
          <div className="sm:col-span-2">
            <PasswordRules value={password} />
          </div>
        </Section>

        {child && (
          <Section
            title={t("register.sectionGuardianContact")}
            description={
              <p className="flex items-start gap-2 rounded-md border border-info/30 bg-info-soft px-3 py-2 text-fg">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
                <span>{t("register.childNotice")}</span>
              </p>
            }
          >
            <Field label={t("fields.guardianEmail")} error={e("guardian_email")} required>
              <Input type="email" autoComplete="off" {...form.register("guardian_email")} />
            </Field>
            <Field
              label={t("fields.guardianPhone")}
              hint={t("fields.phoneHint")}
              error={e("guardian_phone")}
              required
            >
              <Input
                type="tel"
                autoComplete="off"
                inputMode="tel"
                placeholder={t("fields.phonePlaceholder")}
                {...form.register("guardian_phone")}
              />
            </Field>
          </Section>
        )}

        <div className="flex flex-col gap-1 border-t border-border pt-5">
          <Checkbox label={t("fields.newsletter")} {...form.register("newsletter")} />
          <Checkbox label={t("fields.terms")} error={e("terms")} {...form.register("terms")} />
        </div>

        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          {t("register.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
