/**
 * A learner's salary-scale declaration as the manager reviews it: country and its scale, household
 * income category, the statement declared true, the review so far, and Confirm / Reject with a reason.
 * Used on the declarations tab and on the user's page.
 */
import type { SalaryScaleDeclaration } from "@aprendo/contract";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Dialog, Field, Textarea } from "../../../components/ui";
import { dateLanguage, formatDate, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useReviewDeclaration } from "../api";

export const reviewTone = { declared: "info", confirmed: "success", rejected: "danger" } as const;

export function DeclarationFacts({ declaration: d }: { declaration: SalaryScaleDeclaration }) {
  const { t, i18n } = useTranslation("salary-scales");
  const language = dateLanguage(i18n.language);
  const facts: [string, React.ReactNode][] = [
    [t("declarations.country"), d.scale ? `${d.scale.name} (${d.country})` : d.country],
    [
      t("declarations.category"),
      <>
        {d.household_income_category.name}
        {!d.household_income_category.qualifies && (
          <span className="ml-2 text-xs text-fg-muted">{t("declarations.notQualifying")}</span>
        )}
      </>,
    ],
    [
      t("declarations.statement"),
      t("declarations.statementTrue", { date: formatDate(d.declared_at, language) }),
    ],
    [
      t("declarations.discount"),
      d.discount_percentage === null ? t("declarations.noDiscount") : `${d.discount_percentage}%`,
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-fg-muted">{term}</dt>
          <dd className="text-fg">{value}</dd>
        </div>
      ))}
      {d.reviewed_by && d.reviewed_at && (
        <div className="contents">
          <dt className="text-fg-muted">{t("declarations.reviewed")}</dt>
          <dd className="text-fg">
            {t("declarations.reviewedBy", {
              name: d.reviewed_by.username,
              date: formatDateTime(d.reviewed_at, language),
            })}
            {d.review_reason && <span className="block text-fg-muted">“{d.review_reason}”</span>}
          </dd>
        </div>
      )}
    </dl>
  );
}

export function ReviewButtons({ declaration: d }: { declaration: SalaryScaleDeclaration }) {
  const { t } = useTranslation("salary-scales");
  const review = useReviewDeclaration(d.user.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const who = d.user.name || d.user.username;
  const send = async (input: { decision: "confirm" } | { decision: "reject"; reason: string }) => {
    try {
      showSuccess((await review.mutateAsync(input)).message);
      setRejecting(false);
      setReason("");
    } catch (error) {
      showError(error);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {d.review_status !== "confirmed" && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void send({ decision: "confirm" })}
          loading={review.isPending && !rejecting}
          aria-label={t("declarations.confirmOne", { name: who })}
        >
          <Check aria-hidden="true" className="size-4" />
          {t("declarations.confirm")}
        </Button>
      )}
      {d.review_status !== "rejected" && (
        <Button
          size="sm"
          variant="danger"
          onClick={() => setRejecting(true)}
          aria-label={t("declarations.rejectOne", { name: who })}
        >
          <X aria-hidden="true" className="size-4" />
          {t("declarations.reject")}
        </Button>
      )}
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t("declarations.rejectTitle", { name: who })}
        description={t("declarations.rejectText")}
        closeLabel={t("cancel")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t("cancel")}
            </Button>
            <Button
              variant="danger"
              disabled={reason.trim().length < 3}
              loading={review.isPending}
              onClick={() => void send({ decision: "reject", reason: reason.trim() })}
            >
              {t("declarations.reject")}
            </Button>
          </>
        }
      >
        <Field label={t("declarations.reason")} hint={t("declarations.reasonHint")} required>
          <Textarea value={reason} maxLength={300} rows={3} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </Dialog>
    </div>
  );
}

export function ReviewBadge({ status }: { status: SalaryScaleDeclaration["review_status"] }) {
  const { t } = useTranslation("salary-scales");
  return <Badge tone={reviewTone[status]}>{t(`status.${status}`)}</Badge>;
}
