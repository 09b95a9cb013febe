/**
 * The SMS code step (spec section 4): enter the 6-digit code, ask for a new one once the wait is
 * over (60 s), or change the phone number. Used by login, registration and password reset.
 */
import { phoneUpdateRequest, phoneVerifyRequest } from "@aprendo/contract";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Field, Input } from "../../../components/ui";
import { fieldMessage, reportError } from "./form";
import { formatSeconds, useCountdown } from "./useCountdown";

const codeSchema = phoneVerifyRequest.pick({ code: true });
const phoneSchema = phoneUpdateRequest.pick({ phone: true });

export type CodeSent = { phone: string; resend_after_seconds: number };

export type CodeStepProps = {
  resendAfterSeconds: number;
  /** Resolves when the code was accepted; rejects (after reporting) to stay on the step. */
  onVerify: (code: string) => Promise<unknown>;
  /** Asks for a new code; resolves with the new wait. */
  onResend: () => Promise<CodeSent>;
  /** Sends a code to another number; without it the step offers no change of number. */
  onChangeNumber?: (phone: string) => Promise<CodeSent>;
  /** Tells the page the masked number the code now goes to. */
  onSent?: (sent: CodeSent) => void;
  /** Extra actions under the form (e.g. "Skip for now", "Back"). */
  children?: ReactNode;
};

export function CodeStep({
  resendAfterSeconds,
  onVerify,
  onResend,
  onChangeNumber,
  onSent,
  children,
}: CodeStepProps) {
  const { t } = useTranslation("auth");
  const { seconds, restart } = useCountdown(resendAfterSeconds);
  const [changing, setChanging] = useState(false);
  const [resending, setResending] = useState(false);

  const codeForm = useForm({ resolver: contractResolver(codeSchema), defaultValues: { code: "" } });
  const phoneForm = useForm({ resolver: contractResolver(phoneSchema), defaultValues: { phone: "" } });

  const sent = (result: CodeSent) => {
    restart(result.resend_after_seconds);
    onSent?.(result);
    codeForm.reset({ code: "" });
  };

  const verify = codeForm.handleSubmit(async ({ code }) => {
    try {
      await onVerify(code);
    } catch (error) {
      reportError(error, codeForm.setError, ["code"]);
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      sent(await onResend());
    } catch (error) {
      reportError(error);
    } finally {
      setResending(false);
    }
  };

  const changeNumber = phoneForm.handleSubmit(async ({ phone }) => {
    if (!onChangeNumber) return;
    try {
      sent(await onChangeNumber(phone));
      setChanging(false);
      phoneForm.reset({ phone: "" });
    } catch (error) {
      reportError(error, phoneForm.setError, ["phone"]);
    }
  });

  if (changing) {
    return (
      <form noValidate onSubmit={changeNumber} className="flex flex-col gap-5">
        <Field
          label={t("code.newPhone")}
          hint={t("fields.phoneHint")}
          error={fieldMessage(phoneForm.formState.errors.phone)}
          required
        >
          <Input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t("fields.phonePlaceholder")}
            {...phoneForm.register("phone")}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <Button type="submit" fullWidth loading={phoneForm.formState.isSubmitting}>
            {t("code.sendToNewPhone")}
          </Button>
          <Button variant="ghost" fullWidth onClick={() => setChanging(false)}>
            {t("code.keepNumber")}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={verify} className="flex flex-col gap-5">
        <Field label={t("code.label")} error={fieldMessage(codeForm.formState.errors.code)} required>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
            placeholder="••••••"
            className="text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
            {...codeForm.register("code")}
          />
        </Field>
        <Button type="submit" fullWidth size="lg" loading={codeForm.formState.isSubmitting}>
          {t("code.verify")}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-1 text-sm text-fg-muted sm:flex-row sm:justify-between">
        {seconds > 0 ? (
          <p aria-live="polite" className="min-h-11 content-center tabular-nums sm:min-h-10">
            {t("code.resendIn", { time: formatSeconds(seconds) })}
          </p>
        ) : (
          <Button variant="link" onClick={resend} loading={resending}>
            {t("code.resend")}
          </Button>
        )}
        {onChangeNumber && (
          <Button variant="link" onClick={() => setChanging(true)}>
            {t("code.changeNumber")}
          </Button>
        )}
      </div>
      {children}
    </div>
  );
}
