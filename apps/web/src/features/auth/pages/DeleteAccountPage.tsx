/**
 * /iu/profile/delete-account: feedback (10 to 1000 characters, with a counter), the username typed
 * to confirm, then one confirmation dialog. The account is scheduled for deletion, every session
 * ends and a restore link valid 14 days is mailed.
 */
import { deleteAccountRequest } from "@aprendo/contract";
import { limits } from "@aprendo/contract/domain";
import { TriangleAlert } from "lucide-react";
import { useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { Button, Card, ConfirmDialog, Field, Input, PageHeader, Textarea } from "../../../components/ui";
import { logoutState } from "../../../lib/logout";
import { showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { useDeleteAccount } from "../api";
import { fieldMessage, reportError } from "../components/form";
import { LeaveGuard } from "../components/LeaveGuard";

export default function DeleteAccountPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const username = useSession((s) => s.username) ?? "";
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  // The typed username is checked with the other fields, so a mistake in it shows even while the
  // feedback is still too short; as on the server, letter case does not matter.
  const schema = useMemo(
    () =>
      deleteAccountRequest.extend({
        username: deleteAccountRequest.shape.username.refine(
          (typed) => !username || typed.toLowerCase() === username.toLowerCase(),
          { message: "auth.usernameConfirmMismatch" },
        ),
      }),
    [username],
  );
  const form = useForm({
    resolver: contractResolver(schema),
    defaultValues: { feedback: "", username: "" },
  });
  const { errors, isDirty } = form.formState;

  const ask = form.handleSubmit(() => setConfirming(true));

  const confirm = async () => {
    const values = deleteAccountRequest.parse(form.getValues());
    try {
      const result = await remove.mutateAsync(values);
      showSuccess(result.message);
      // The server already ended every session: leave without asking; the login page forgets this one.
      flushSync(() => setDone(true));
      navigate("/login", { replace: true, state: logoutState({ callServer: false }) });
    } catch (error) {
      setConfirming(false);
      reportError(error, form.setError, ["feedback", "username"]);
      throw error;
    }
  };

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
        title={t("deleteAccount.title")}
        subtitle={t("deleteAccount.subtitle")}
      />
      <Card className="gap-6 p-6 sm:p-8">
        <div className="flex gap-3 rounded-md border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-fg">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <ul className="flex list-disc flex-col gap-1 pl-4">
            <li>{t("deleteAccount.consequence1")}</li>
            <li>{t("deleteAccount.consequence2")}</li>
            <li>{t("deleteAccount.consequence3")}</li>
          </ul>
        </div>
        <form noValidate onSubmit={ask} className="flex flex-col gap-5">
          <Field
            label={t("fields.feedback")}
            hint={t("deleteAccount.feedbackHint", { min: limits.deleteFeedbackMin })}
            error={fieldMessage(errors.feedback)}
            required
          >
            <Textarea
              rows={5}
              maxLength={limits.deleteFeedbackMax}
              counterLabel={(n, max) => t("deleteAccount.counter", { n, max })}
              {...form.register("feedback")}
            />
          </Field>
          <Field
            label={t("deleteAccount.typeUsername", { username })}
            error={fieldMessage(errors.username)}
            required
          >
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register("username")}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button asChild variant="secondary">
              <Link to="/iu/profile">{t("common.cancel")}</Link>
            </Button>
            <Button type="submit" variant="danger">
              {t("deleteAccount.submit")}
            </Button>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("deleteAccount.confirmTitle")}
        description={t("deleteAccount.confirmText")}
        confirmLabel={t("deleteAccount.confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={confirm}
      />
      <LeaveGuard when={isDirty && !done} />
    </div>
  );
}
