/**
 * Bulk module exam purchase (spec section 2, shared components): choose several modules of a title
 * and put one exam access for each in the cart at once. Prices and names come from the server.
 * Mount it on a title page: <BuyModuleExamsDialog courseId={id} />.
 */
import type { CartItem } from "@aprendo/contract/domain";
import { ClipboardCheck } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Checkbox, Dialog, EmptyState, ErrorState, Skeleton } from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { useCart } from "../../../stores/cart";
import { openCart } from "../../../stores/panels";
import { useCourseOutline, usePricing } from "../api";

export function BuyModuleExamsDialog({ courseId, trigger }: { courseId: number; trigger?: ReactNode }) {
  const { t, i18n } = useTranslation("commerce");
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const add = useCart((s) => s.add);
  const outline = useCourseOutline(courseId, open);
  const exams = useMemo(
    () =>
      (outline.data?.levels ?? []).flatMap((level) =>
        level.modules
          .filter((m) => m.exam_quiz_id !== null)
          .map((m) => ({ quizId: m.exam_quiz_id!, moduleId: m.id, module: m.title, level: level.title })),
      ),
    [outline.data],
  );
  const pricingBody = useMemo(
    () => ({
      items: exams.map((e) => ({
        type: "exam_accesses" as const,
        id: e.quizId,
        name: e.module,
        price: 0,
        course_module_id: e.moduleId,
      })),
      coupon_code: null,
    }),
    [exams],
  );
  const priced = usePricing(pricingBody, { learner: true, enabled: open && exams.length > 0 });
  const offers = exams
    .map((exam, index) => ({ exam, line: priced.data?.lines[index] }))
    .filter((o) => o.line && o.line.problem === null && o.line.unit_price > 0);
  const total = offers
    .filter((o) => chosen.has(o.exam.quizId))
    .reduce((s, o) => s + (o.line?.unit_price ?? 0), 0);
  const loading = outline.isPending || (exams.length > 0 && priced.isPending);

  const addChosen = () => {
    const picked = offers.filter((o) => chosen.has(o.exam.quizId));
    for (const { exam, line } of picked) {
      const item: CartItem = {
        type: "exam_accesses",
        id: exam.quizId,
        name: line!.name,
        price: line!.unit_price,
        course_module_id: exam.moduleId,
        is_discounted: line!.is_discounted,
      };
      add(item, { silent: true });
    }
    setOpen(false);
    setChosen(new Set());
    openCart();
  };

  let body: ReactNode;
  if (loading) body = <Skeleton className="h-40 w-full" />;
  else if (outline.isError || priced.isError)
    body = (
      <ErrorState
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => {
          void outline.refetch();
          void priced.refetch();
        }}
      />
    );
  else if (offers.length === 0)
    body = <EmptyState icon={<ClipboardCheck />} title={t("exams.none")} className="border-none" />;
  else
    body = (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-fg-muted">{t("exams.choose")}</legend>
        <Checkbox
          label={t("exams.all")}
          checked={chosen.size === offers.length}
          onChange={(event) =>
            setChosen(event.target.checked ? new Set(offers.map((o) => o.exam.quizId)) : new Set())
          }
        />
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {offers.map(({ exam, line }) => (
            <li key={exam.quizId} className="flex items-center justify-between gap-3 px-3 py-2">
              <Checkbox
                label={exam.module}
                description={exam.level}
                checked={chosen.has(exam.quizId)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(exam.quizId);
                  else next.delete(exam.quizId);
                  setChosen(next);
                }}
              />
              <span className="shrink-0 text-sm font-semibold text-fg tabular-nums">
                {formatMoney(poundsToPence(line!.unit_price), i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        trigger ?? (
          <Button variant="secondary">
            <ClipboardCheck aria-hidden="true" className="size-4" />
            {t("exams.open")}
          </Button>
        )
      }
      title={t("exams.title")}
      description={t("exams.text")}
      closeLabel={t("close")}
      footer={
        <Button disabled={chosen.size === 0} onClick={addChosen} data-testid="add-exams">
          {t("exams.add", { count: chosen.size, amount: formatMoney(poundsToPence(total), i18n.language) })}
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}

export default BuyModuleExamsDialog;
