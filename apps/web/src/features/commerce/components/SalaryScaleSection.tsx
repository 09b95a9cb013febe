/**
 * The salary-scale application (spec sections 3 and 5): country, household income category and the
 * declaration that the statement is true (required). The server decides the discount: a qualifying
 * category in a country with a discounted range gives its percentage on discounted items without a coupon.
 */
import { salaryScaleApplicationInput } from "@aprendo/contract";
import { BadgePercent } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, reportFormError } from "../../../components/admin";
import { CheckboxField, SelectField } from "../../../components/form";
import { Banner, Button, Card, ConfirmDialog, ErrorState, Skeleton } from "../../../components/ui";
import { formatDate } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useApplySalaryScale, useSalaryScale, useWithdrawSalaryScale } from "../api";

type Values = { country: string; household_income_category_id: string; declaration: boolean };
const toPayload = (v: Values) => ({
  country: v.country,
  household_income_category_id:
    v.household_income_category_id === "" ? undefined : Number(v.household_income_category_id),
  declaration: v.declaration,
});

export function SalaryScaleSection() {
  const { t, i18n } = useTranslation("commerce");
  const scale = useSalaryScale();
  const apply = useApplySalaryScale();
  const withdraw = useWithdrawSalaryScale();
  const form = useForm<Values>({
    defaultValues: { country: "", household_income_category_id: "", declaration: false },
    resolver: contractResolver(salaryScaleApplicationInput, toPayload),
  });
  const application = scale.data?.application ?? null;
  useEffect(() => {
    if (application)
      form.reset({
        country: application.country,
        household_income_category_id: String(application.household_income_category_id),
        declaration: false,
      });
  }, [application, form]);

  const discount = scale.data?.discounted_country_range?.discount_percentage ?? null;
  return (
    <section aria-labelledby="salary-scale" className="flex flex-col gap-3" data-testid="salary-scale">
      <Card className="flex flex-col gap-5 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <BadgePercent aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="salary-scale" className="text-xl font-semibold text-fg">
              {t("salary.title")}
            </h2>
            <p className="text-sm text-fg-muted">{t("salary.text")}</p>
          </div>
        </div>
        {scale.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : scale.isError ? (
          <ErrorState
            message={t("loadFailed")}
            retryLabel={t("retry")}
            onRetry={() => void scale.refetch()}
            retrying={scale.isFetching}
          />
        ) : (
          <>
            {application && (
              <Banner
                tone={discount ? "success" : application.review_status === "rejected" ? "warning" : "info"}
                title={
                  discount
                    ? t("salary.active", { percentage: discount })
                    : application.review_status === "rejected"
                      ? t("salary.rejected", { reason: application.review_reason ?? "" })
                      : t("salary.noDiscount")
                }
                action={
                  <ConfirmDialog
                    trigger={
                      <Button variant="link" size="sm">
                        {t("salary.withdraw")}
                      </Button>
                    }
                    tone="primary"
                    title={t("salary.withdrawTitle")}
                    description={t("salary.withdrawText")}
                    confirmLabel={t("salary.withdraw")}
                    cancelLabel={t("cancel")}
                    onConfirm={async () => {
                      try {
                        showSuccess((await withdraw.mutateAsync()).message);
                        form.reset({ country: "", household_income_category_id: "", declaration: false });
                      } catch (error) {
                        showError(error);
                        throw error;
                      }
                    }}
                  />
                }
              >
                {t("salary.declaredOn", {
                  date: formatDate(application.declared_at, i18n.language === "es" ? "es" : "en"),
                })}
              </Banner>
            )}
            <form
              noValidate
              className="grid grid-cols-1 gap-4 sm:grid-cols-2"
              onSubmit={form.handleSubmit((values) =>
                apply.mutate(
                  toPayload(values) as {
                    country: string;
                    household_income_category_id: number;
                    declaration: true;
                  },
                  {
                    onSuccess: (answer) => {
                      showSuccess(answer.message);
                      form.setValue("declaration", false);
                    },
                    onError: (error) =>
                      reportFormError(error, form.setError, [
                        "country",
                        "household_income_category_id",
                        "declaration",
                      ]),
                  },
                ),
              )}
            >
              <SelectField
                control={form.control}
                name="country"
                label={t("salary.country")}
                required
                placeholder={t("salary.choose")}
                autoComplete="country"
                options={(scale.data?.countries ?? []).map((c) => ({ value: c.country, label: c.name }))}
              />
              <SelectField
                control={form.control}
                name="household_income_category_id"
                label={t("salary.category")}
                required
                placeholder={t("salary.choose")}
                options={(scale.data?.household_income_categories ?? [])
                  .filter((c) => c.active)
                  .map((c) => ({ value: String(c.id), label: c.name }))}
              />
              <CheckboxField
                control={form.control}
                name="declaration"
                label={t("salary.declaration")}
                required
                className="sm:col-span-2"
              />
              <div className="sm:col-span-2 flex justify-end">
                <Button type="submit" loading={apply.isPending}>
                  {application ? t("salary.update") : t("salary.apply")}
                </Button>
              </div>
            </form>
          </>
        )}
      </Card>
    </section>
  );
}
