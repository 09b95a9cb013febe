/** /af/salary-scales?tab=categories (isSalaryScaleManager): the household income categories learners choose from. */
import type { HouseholdIncomeCategory } from "@aprendo/contract";
import { Plus, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AdminListPage, EditDeleteActions, listTexts, useDialogRecord } from "../../../components/admin";
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { useDeleteIncomeCategory, useIncomeCategories } from "../api";
import { CategoryDialog } from "../components/CategoryDialog";
import { SalaryScalesNav } from "../components/SalaryScalesNav";

export default function IncomeCategoriesPage() {
  const { t, i18n } = useTranslation("salary-scales");
  const categories = useIncomeCategories();
  const remove = useDeleteIncomeCategory();
  const dialog = useDialogRecord<HouseholdIncomeCategory>();
  const rows = categories.data ?? [];
  const name = (c: HouseholdIncomeCategory) => (i18n.language === "es" ? c.name_es : c.name_en);
  const create = (
    <Button onClick={() => dialog.openFor(null)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("categories.create")}
    </Button>
  );
  return (
    <AdminListPage
      title={t("categories.title")}
      subtitle={t("categories.subtitle")}
      actions={create}
      nav={<SalaryScalesNav className="mb-4" />}
      query={categories}
      rows={rows}
      texts={listTexts(t)}
      empty={
        <EmptyState
          icon={<Wallet />}
          title={t("categories.empty")}
          text={t("categories.emptyText")}
          action={create}
        />
      }
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
      rowActions={(c) => (
        <EditDeleteActions
          edit={{ onClick: () => dialog.openFor(c), label: t("editOne", { name: name(c) }), text: t("edit") }}
          remove={{
            label: t("deleteOne", { name: name(c) }),
            title: t("categories.deleteTitle"),
            description: t("categories.deleteText", { name: name(c) }),
            confirmLabel: t("delete"),
            cancelLabel: t("cancel"),
            onDelete: () => remove.mutateAsync(c.id),
          }}
        />
      )}
    >
      <CategoryDialog
        category={dialog.record}
        next={rows.reduce((max, c) => Math.max(max, c.position + 1), 0)}
        open={dialog.open}
        onOpenChange={dialog.setOpen}
      />
    </AdminListPage>
  );
}
