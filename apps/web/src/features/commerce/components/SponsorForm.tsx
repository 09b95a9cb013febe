/**
 * Sponsor Education: pay for another learner, by amount (whole pounds, £1 to £5,000) or by paying a
 * title, for a learner named by email or username. The server checks the learner and makes a draft
 * whose cart item is then paid like anything else (guests pay it with their email).
 */
import { commerceLimits, sponsorshipDraftInput } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, reportFormError } from "../../../components/admin";
import { NumberField, RadioField, SelectField, TextareaField, TextField } from "../../../components/form";
import { Button } from "../../../components/ui";
import { formatMoney } from "../../../lib/format";
import { type SponsorshipDraft, useSponsorableCourses, useSponsorshipDraft } from "../api";
import { sponsorCurrencySign } from "../logic";

type Values = {
  recipient: string;
  kind: "amount" | "course";
  amount: number | null;
  course_id: string;
  message: string;
  email: string;
};

const toPayload = (v: Values, guest: boolean) => ({
  recipient: v.recipient,
  kind: v.kind,
  ...(v.kind === "amount"
    ? { amount: v.amount ?? undefined }
    : { course_id: v.course_id ? Number(v.course_id) : undefined }),
  ...(v.message.trim() ? { message: v.message } : {}),
  ...(guest ? { email: v.email } : {}),
});

export function SponsorForm({
  guest = false,
  submitLabel,
  onDraft,
}: {
  guest?: boolean;
  submitLabel: string;
  onDraft: (draft: SponsorshipDraft, email: string) => void;
}) {
  const { t, i18n } = useTranslation("commerce");
  const courses = useSponsorableCourses(!guest);
  const draft = useSponsorshipDraft({ guest });
  const form = useForm<Values>({
    defaultValues: { recipient: "", kind: "amount", amount: 25, course_id: "", message: "", email: "" },
    resolver: contractResolver(sponsorshipDraftInput, (v: Values) => toPayload(v, guest)),
  });
  const kind = form.watch("kind");
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        if (guest && !/^\S+@\S+\.\S+$/.test(values.email.trim())) {
          form.setError("email", { type: "validation", message: "validation.email" });
          return;
        }
        draft.mutate(toPayload(values, guest) as Parameters<typeof draft.mutate>[0], {
          onSuccess: (answer) => onDraft(answer, values.email.trim()),
          onError: (error) =>
            reportFormError(error, form.setError, ["recipient", "amount", "course_id", "message", "email"]),
        });
      })}
      data-testid="sponsor-form"
    >
      <TextField
        control={form.control}
        name="recipient"
        label={t("sponsor.recipient")}
        hint={t("sponsor.recipientHint")}
        required
        maxLength={254}
        autoComplete="off"
      />
      <RadioField
        control={form.control}
        name="kind"
        label={t("sponsor.kind")}
        orientation="horizontal"
        options={[
          { value: "amount", label: t("sponsor.byAmount") },
          { value: "course", label: t("sponsor.byCourse") },
        ]}
      />
      {kind === "amount" ? (
        <NumberField
          control={form.control}
          name="amount"
          label={t("sponsor.amount", { currency: sponsorCurrencySign(i18n.language) })}
          hint={t("sponsor.amountHint", {
            min: commerceLimits.sponsorshipMinPounds,
            max: commerceLimits.sponsorshipMaxPounds,
          })}
          required
          min={commerceLimits.sponsorshipMinPounds}
          max={commerceLimits.sponsorshipMaxPounds}
          data-testid="sponsor-amount"
        />
      ) : (
        <SelectField
          control={form.control}
          name="course_id"
          label={t("sponsor.course")}
          required
          placeholder={courses.isPending ? t("loading") : t("sponsor.chooseCourse")}
          options={(courses.data ?? []).map((c) => ({
            value: String(c.id),
            label: `${c.title} · ${formatMoney(c.price_pence, i18n.language)}`,
          }))}
        />
      )}
      <TextareaField
        control={form.control}
        name="message"
        label={t("sponsor.message")}
        maxLength={commerceLimits.sponsorshipMessageMax}
        rows={3}
      />
      {guest && (
        <TextField
          control={form.control}
          name="email"
          type="email"
          label={t("sponsor.email")}
          hint={t("sponsor.emailHint")}
          required
          maxLength={254}
          autoComplete="email"
        />
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={draft.isPending} data-testid="sponsor-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
