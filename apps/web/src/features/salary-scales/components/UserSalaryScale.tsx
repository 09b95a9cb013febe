/**
 * The salary-scale section of a learner's page (/af/users/:id) for the salary-scale manager: their
 * declaration with the statement they declared true, and Confirm / Reject with a reason.
 */
import { BadgePercent } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, ErrorState, Skeleton } from "../../../components/ui";
import { useUserDeclaration } from "../api";
import { DeclarationFacts, ReviewBadge, ReviewButtons } from "./DeclarationReview";

export function UserSalaryScale({ userId }: { userId: number }) {
  const { t } = useTranslation("salary-scales");
  const declaration = useUserDeclaration(userId);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6" data-testid="user-salary-scale">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
          <BadgePercent aria-hidden="true" className="size-5 text-primary" />
          {t("user.title")}
        </h2>
        {declaration.data && <ReviewBadge status={declaration.data.review_status} />}
      </div>
      {declaration.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : declaration.isError ? (
        <ErrorState
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void declaration.refetch()}
          retrying={declaration.isFetching}
        />
      ) : declaration.data === null ? (
        <p className="text-sm text-fg-muted">{t("user.none")}</p>
      ) : (
        <>
          <DeclarationFacts declaration={declaration.data} />
          <ReviewButtons declaration={declaration.data} />
        </>
      )}
    </Card>
  );
}
