/**
 * The shop's lists edited in a dialog (categories, distributors): under the shop's tabs, with the
 * section's own words (`admin.<section>.title`, `create`, `empty`, `deleteText`...) and the shop's
 * shared ones (Edit, Delete, Cancel, the list's states).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DialogListPage, type DialogListPageProps, listTexts } from "../../../components/admin";
import { AdminShopNav } from "./AdminShopNav";

export function ShopDialogListPage<Row>({
  section,
  icon,
  name,
  ...list
}: Omit<DialogListPageProps<Row>, "title" | "subtitle" | "nav" | "texts" | "empty" | "rowTexts"> & {
  section: "categories" | "distributors";
  /** The empty list's picture. */
  icon: ReactNode;
  /** A row's name, as its Edit and Delete buttons and the delete question say it. */
  name: (row: Row) => string;
}) {
  const { t } = useTranslation("shop");
  return (
    <DialogListPage
      {...list}
      title={t(`admin.${section}.title`)}
      subtitle={t(`admin.${section}.subtitle`)}
      nav={<AdminShopNav className="mb-4" />}
      texts={{
        ...listTexts(t, "admin."),
        create: t(`admin.${section}.create`),
        edit: t("admin.edit"),
        delete: t("admin.delete"),
        cancel: t("admin.cancel"),
        deleteTitle: t(`admin.${section}.deleteTitle`),
      }}
      empty={{ icon, title: t(`admin.${section}.empty`), text: t(`admin.${section}.emptyText`) }}
      rowTexts={(row) => ({
        edit: t("admin.editOne", { name: name(row) }),
        delete: t("admin.deleteOne", { name: name(row) }),
        deleteText: t(`admin.${section}.deleteText`, { name: name(row) }),
      })}
    />
  );
}
