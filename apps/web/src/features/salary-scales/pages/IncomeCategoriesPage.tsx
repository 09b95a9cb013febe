/** /af/salary-scales?tab=categories (isSalaryScaleManager): the household income categories learners choose from. */
import type { HouseholdIncomeCategory } from "@aprendo/contract";
import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DialogListPage, listTexts } from "../../../components/admin";
import { Badge, TableCell } from "../../../components/ui";
import { useDeleteIncomeCategory, useIncomeCategories } from "../api";
import { CategoryDialog } from "../components/CategoryDialog";
import { SalaryScalesNav } from "../components/SalaryScalesNav";

export default function IncomeCategoriesPage() {
  const { t, i18n } = useTranslation("salary-scales");
  const categories = useIncomeCategories();
  const remove = useDeleteIncomeCategory();
  const rows = categories.data ?? [];
  const name = (c: HouseholdIncomeCategory) => (i18n.language === "es" ? c.name_es : c.name_en);
  return (
    <DialogListPage
      title={t("categories.title")}
      subtitle={t("categories.subtitle")}
      nav={<SalaryScalesNav className="mb-4" />}
      query={categories}
      texts={{
        ...listTexts(t),
        create: t("categories.create"),
        edit: t("edit"),
        delete: t("delete"),
        cancel: t("cancel"),
        deleteTitle: t("categories.deleteTitle"),
      }}
      empty={{ icon: <Wallet />, title: t("categories.empty"), text: t("categories.emptyText") }}
      columns={[
        { header: t("categories.position"), align: "right" },
        { header: t("categories.name") },
        { header: t("categories.qualifies") },
        { header: t("scales.state") },
      ]}
      cells={(c) => (
        <>
          <TableCell align="right" className="tabular-nums">
            {c.position}
          </TableCell>
          <TableCell>
            <span className="flex flex-col">
              <span className="font-medium text-fg">{name(c)}</span>
              <span className="text-xs text-fg-muted">{i18n.language === "es" ? c.name_en : c.name_es}</span>
            </span>
          </TableCell>
          <TableCell>
            <Badge tone={c.qualifies ? "success" : "neutral"}>
              {c.qualifies ? t("categories.getsDiscount") : t("categories.noDiscount")}
            </Badge>
          </TableCell>
          <TableCell>
            <Badge tone={c.active ? "success" : "neutral"}>{c.active ? t("active") : t("inactive")}</Badge>
          </TableCell>
        </>
      )}
      rowTexts={(c) => ({
        edit: t("editOne", { name: name(c) }),
        delete: t("deleteOne", { name: name(c) }),
        deleteText: t("categories.deleteText", { name: name(c) }),
      })}
      onDelete={(c) => remove.mutateAsync(c.id)}
      dialog={(dialog) => (
        <CategoryDialog
          category={dialog.record}
          next={rows.reduce((max, c) => Math.max(max, c.position + 1), 0)}
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
        />
      )}
    />
  );
}
