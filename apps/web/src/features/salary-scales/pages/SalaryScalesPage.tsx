/** /af/salary-scales (isSalaryScaleManager): each country's discount and the days it applies. */
import type { SalaryScale } from "@aprendo/contract";
import { Globe2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DialogListPage, listTexts } from "../../../components/admin";
import { Badge, TableCell } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { useDeleteSalaryScale, useSalaryScales } from "../api";
import { SalaryScalesNav } from "../components/SalaryScalesNav";
import { ScaleDialog } from "../components/ScaleDialog";

export default function SalaryScalesPage() {
  const { t, i18n } = useTranslation("salary-scales");
  const language = dateLanguage(i18n.language);
  const scales = useSalaryScales();
  const remove = useDeleteSalaryScale();
  const state = (s: SalaryScale) =>
    s.in_effect
      ? "inEffect"
      : !s.active
        ? "inactive"
        : s.effective_from > new Date().toISOString().slice(0, 10)
          ? "scheduled"
          : "ended";
  const tone = { inEffect: "success", inactive: "neutral", scheduled: "info", ended: "neutral" } as const;
  return (
    <DialogListPage
      title={t("title")}
      subtitle={t("scales.subtitle")}
      nav={<SalaryScalesNav className="mb-4" />}
      query={scales}
      rowTestId="salary-scale-row"
      texts={{
        ...listTexts(t),
        create: t("scales.create"),
        edit: t("edit"),
        delete: t("delete"),
        cancel: t("cancel"),
        deleteTitle: t("scales.deleteTitle"),
      }}
      empty={{ icon: <Globe2 />, title: t("scales.empty"), text: t("scales.emptyText") }}
      columns={[
        { header: t("scales.country") },
        { header: t("scales.percentage"), align: "right" },
        { header: t("scales.effective") },
        // Left out on tablets, so the row actions fit beside the dates.
        { header: t("scales.declarations"), align: "right", className: "max-lg:hidden" },
        { header: t("scales.state") },
      ]}
      cells={(s) => (
        <>
          <TableCell>
            <span className="flex items-center gap-2">
              <code className="rounded-sm bg-surface-muted px-1.5 py-0.5 font-mono text-xs">{s.country}</code>
              <span className="font-medium text-fg">{s.name}</span>
            </span>
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            {s.discount_percentage}%
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {s.effective_until
              ? t("scales.range", {
                  from: formatDate(s.effective_from, language),
                  until: formatDate(s.effective_until, language),
                })
              : t("scales.openRange", { from: formatDate(s.effective_from, language) })}
          </TableCell>
          <TableCell align="right" className="tabular-nums max-lg:hidden">
            {s.declarations_count}
          </TableCell>
          <TableCell>
            <Badge tone={tone[state(s)]}>{t(`scales.states.${state(s)}`)}</Badge>
          </TableCell>
        </>
      )}
      card={(s) => (
        <div className="flex flex-col gap-1">
          <span className="flex items-center justify-between gap-2">
            <span className="font-medium text-fg">
              {s.name} <span className="font-mono text-xs text-fg-muted">{s.country}</span>
            </span>
            <Badge tone={tone[state(s)]}>{t(`scales.states.${state(s)}`)}</Badge>
          </span>
          <span className="text-sm text-fg">
            {t("scales.cardLine", {
              percentage: s.discount_percentage,
              from: formatDate(s.effective_from, language),
            })}
            {s.effective_until ? ` – ${formatDate(s.effective_until, language)}` : ""}
          </span>
        </div>
      )}
      cardClassName="flex flex-col gap-2"
      cardsBelow="md"
      rowTexts={(s) => ({
        edit: t("editOne", { name: s.name }),
        delete: t("deleteOne", { name: s.name }),
        deleteText:
          s.declarations_count > 0
            ? t("scales.deleteInUse", { count: s.declarations_count, name: s.name })
            : t("scales.deleteText", { name: s.name }),
      })}
      onDelete={(s) => remove.mutateAsync(s.id)}
      dialog={(dialog) => (
        <ScaleDialog scale={dialog.record} open={dialog.open} onOpenChange={dialog.onOpenChange} />
      )}
    />
  );
}
