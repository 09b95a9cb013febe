/**
 * / and /login (spec sections 2 and 4): log in with username, email or phone number and password;
 * an unverified phone continues with the SMS code. A logged-in visitor goes on to `?redirect=` or
 * the role's dashboard.
 */
import { type LoginRefusedBody, loginRequest, type PhoneVerificationStep } from "@aprendo/contract";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { dashboardOf } from "../../../app/guards";
import { contractResolver } from "../../../components/admin/resolver";
import { Banner, Button, Field, Input } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { type LogoutState, logout } from "../../../lib/logout";
import { errorMessages, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import {
  startSession,
  useLogin,
  useParentResend,
  usePhoneResend,
  usePhoneUpdate,
  usePhoneVerify,
  useVerifyResend,
} from "../api";
import { AuthLayout } from "../components/AuthLayout";
import { CodeStep } from "../components/CodeStep";
import { useCodeSentTo } from "../components/codeChannel";
import { fieldMessage, reportError } from "../components/form";
import { PasswordInput } from "../components/PasswordInput";
import { afterLoginPath } from "../components/redirect";

const HomeShowcase = lazy(() => import("../../catalog/components/HomeShowcase"));

type Refusal = { reason: LoginRefusedBody["reason"]; login: string };

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const location = useLocation();
  const { pathname } = location;
  const loggingOut = (location.state as Partial<LogoutState> | null)?.loggingOut;
  // Arriving to log out (lib/logout.ts), the session still holds the old token: end it here, and
  // do not send the person on meanwhile.
  const [leavingToken] = useState(() => (loggingOut ? useSession.getState().token : null));
  useEffect(() => {
    if (leavingToken && useSession.getState().token === leavingToken)
      void logout({ callServer: loggingOut === "server" });
  }, [leavingToken, loggingOut]);
  const token = useSession((s) => s.token);
  const role = useSession((s) => s.role);
  const username = useSession((s) => s.username);
  const rememberedUsername = useSession((s) => (s.token ? null : s.username));
  const [phoneStep, setPhoneStep] = useState<PhoneVerificationStep | null>(null);
  const codeSentTo = useCodeSentTo(phoneStep !== null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // A refused login (wrong password) stays on the form as well as in the toast, which vanishes
  // after 3 s and is far from the fields (WCAG 3.3.1): focus moves to it.
  const [formError, setFormError] = useState<string[] | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const login = useLogin();
  const phoneVerify = usePhoneVerify();
  const phoneResend = usePhoneResend();
  const phoneUpdate = usePhoneUpdate();
  const verifyResend = useVerifyResend();
  const parentResend = useParentResend();

  const form = useForm({
    resolver: contractResolver(loginRequest),
    defaultValues: { login: rememberedUsername ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const redirect = params.get("redirect");
  const target = token && role ? afterLoginPath(redirect, role) : null;
  // Sent here from another area's page (a learner opening /af/...): that page asks for another
  // account, so the form stays instead of bouncing back to the current account's dashboard.
  const otherArea =
    target !== null && redirect !== target && /^\/(iu|af|ha|ma)(?:[/?#]|$)/.test(redirect ?? "");
  if (target && token !== leavingToken && !otherArea) return <Navigate to={target} replace />;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    setFormError(null);
    try {
      const result = await login.mutateAsync(values);
      if ("access_token" in result) await startSession(result.access_token);
      else setPhoneStep(result.phone_verification);
    } catch (error) {
      const onFields = reportError(error, form.setError, ["login", "password"]);
      const reason =
        error instanceof ApiError ? (error.body as Partial<LoginRefusedBody> | undefined)?.reason : undefined;
      if (reason) setRefusal({ reason, login: values.login });
      // The refusal banners below already explain those reasons; a disabled account has none.
      const messages = errorMessages(error);
      if (!onFields && (!reason || reason === "disabled") && messages.length > 0) setFormError(messages);
    }
  });

  const resendLink = async () => {
    if (!refusal) return;
    try {
      const mutation = refusal.reason === "guardian_unconfirmed" ? parentResend : verifyResend;
      const result = await mutation.mutateAsync({ login: refusal.login });
      showSuccess(result.message);
    } catch (error) {
      reportError(error);
    }
  };

  if (phoneStep) {
    return (
      <AuthLayout title={t("code.title")} subtitle={codeSentTo(phoneStep.phone)}>
        <CodeStep
          key={phoneStep.ticket}
          resendAfterSeconds={phoneStep.resend_after_seconds}
          onVerify={async (code) => {
            const result = await phoneVerify.mutateAsync({ ticket: phoneStep.ticket, code });
            if (result.access_token) await startSession(result.access_token);
            else {
              showSuccess(result.message);
              setPhoneStep(null);
            }
          }}
          onResend={async () =>
            (await phoneResend.mutateAsync({ ticket: phoneStep.ticket })).phone_verification
          }
          onChangeNumber={async (phone) =>
            (await phoneUpdate.mutateAsync({ ticket: phoneStep.ticket, phone })).phone_verification
          }
          onSent={(sent) => setPhoneStep((step) => (step ? { ...step, ...sent } : step))}
        >
          <Button variant="ghost" fullWidth onClick={() => setPhoneStep(null)}>
            {t("code.back")}
          </Button>
        </CodeStep>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      aside={
        // The homepage (spec: "/ homepage (login)") shows the catalogue beside the form;
        // its own chunk, so the login form paints first.
        pathname === "/" ? (
          <Suspense fallback={null}>
            <HomeShowcase />
          </Suspense>
        ) : undefined
      }
      footer={
        <>
          <p>
            {t("login.newHere")}{" "}
            <Link
              to="/register"
              className="font-medium text-primary underline-offset-4 hover:underline focus-ring rounded-sm"
            >
              {t("login.createAccount")}
            </Link>
          </p>
          <p>
            <Link
              to="/register-resend-link"
              className="rounded-sm text-fg-muted underline underline-offset-4 hover:text-fg focus-ring"
            >
              {t("login.noVerificationMail")}
            </Link>
          </p>
        </>
      }
    >
      {otherArea && (
        // A signed-in account opened another area's page (a head administrator opening /af): say
        // so, and offer the way back, rather than a bare login form.
        <Banner
          tone="info"
          action={
            <Link
              to={dashboardOf(role)}
              className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
            >
              {t("login.otherArea.back")}
            </Link>
          }
        >
          {t("login.otherArea.text", { username })}
        </Banner>
      )}
      {refusal && refusal.reason !== "disabled" && (
        <Banner
          tone={refusal.reason === "pending_deletion" ? "info" : "warning"}
          action={
            refusal.reason === "pending_deletion" ? undefined : (
              <Button
                variant="secondary"
                size="sm"
                onClick={resendLink}
                loading={verifyResend.isPending || parentResend.isPending}
              >
                {refusal.reason === "guardian_unconfirmed"
                  ? t("login.resendGuardian")
                  : t("login.resendVerification")}
              </Button>
            )
          }
        >
          {t(`login.refusal.${refusal.reason}`)}
        </Banner>
      )}
      {formError && (
        <div ref={formErrorRef} id="login-error" tabIndex={-1} className="rounded-md focus-ring">
          <Banner tone="danger">{formError.map(translateMessage).join(" ")}</Banner>
        </div>
      )}
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-5"
        aria-describedby={formError ? "login-error" : undefined}
      >
        <Field label={t("fields.login")} error={fieldMessage(errors.login)} required>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register("login")}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <Field label={t("fields.password")} error={fieldMessage(errors.password)} required>
            <PasswordInput
              autoComplete="current-password"
              aria-describedby={formError ? "login-error" : undefined}
              {...form.register("password")}
            />
          </Field>
          <Link
            to="/reset-password"
            className="self-end rounded-sm py-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
          >
            {t("login.forgot")}
          </Link>
          <Link
            to="/cant-log-in"
            className="self-end rounded-sm py-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
          >
            {t("login.cantLogIn")}
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          {t("login.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
