/** /af/shop-distributors: the companies that supply printed books, edited in a dialog. */
import { type DistributorOut, distributorInput } from "@aprendo/contract";
import { Plus, Truck } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  AdminListPage,
  contractResolver,
  dialogSubmit,
  EditDeleteActions,
  FormDialog,
  listTexts,
  useDialogRecord,
} from "../../../components/admin";
import { CheckboxField, TextField } from "../../../components/form";
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { useDeleteDistributor, useDistributors, useSaveDistributor } from "../api";
import { AdminShopNav } from "../components/AdminShopNav";

type Values = {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  country: string;
  active: boolean;
};
const fields = ["name", "contact_name", "email", "phone", "country"] as const;

function DistributorDialog({
  distributor,
  open,
  onOpenChange,
}: {
  distributor: DistributorOut | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("shop");
  const save = useSaveDistributor(distributor?.id ?? null);
  const form = useForm<Values>({
    resolver: contractResolver(distributorInput, (values: Values) => values),
    values: {
      name: distributor?.name ?? "",
      contact_name: distributor?.contact_name ?? "",
      email: distributor?.email ?? "",
      phone: distributor?.phone ?? "",
      country: distributor?.country ?? "",
      active: distributor?.active ?? true,
    },
  });
  const submit = dialogSubmit(form, {
    save: save.mutateAsync,
    fields: fields,
    close: () => onOpenChange(false),
  });
  return (
    <FormDialog
      id="distributor-form"
      open={open}
      onOpenChange={onOpenChange}
      title={distributor ? t("admin.distributors.editTitle") : t("admin.distributors.createTitle")}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      texts={{ cancel: t("admin.cancel"), save: t("admin.save") }}
    >
      <TextField
        control={form.control}
        name="name"
        label={t("admin.distributors.name")}
        maxLength={120}
        required
      />
      <TextField
        control={form.control}
        name="contact_name"
        label={t("admin.distributors.contact")}
        maxLength={120}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="email" type="email" label={t("admin.distributors.email")} />
        <TextField
          control={form.control}
          name="phone"
          type="tel"
          label={t("admin.distributors.phone")}
          hint={t("admin.distributors.phoneHint")}
        />
      </div>
      <TextField
        control={form.control}
        name="country"
        label={t("admin.distributors.country")}
        hint={t("admin.distributors.countryHint")}
        maxLength={2}
        autoCapitalize="characters"
        className="sm:max-w-48"
      />
      <CheckboxField control={form.control} name="active" label={t("admin.distributors.active")} />
    </FormDialog>
  );
}

export default function ShopDistributorsPage() {
  const { t } = useTranslation("shop");
  const distributors = useDistributors();
  const remove = useDeleteDistributor();
  const dialog = useDialogRecord<DistributorOut>();
  const create = (
    <Button onClick={() => dialog.openFor(null)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("admin.distributors.create")}
    </Button>
  );
  return (
    <AdminListPage
      title={t("admin.distributors.title")}
      subtitle={t("admin.distributors.subtitle")}
      actions={create}
      nav={<AdminShopNav className="mb-4" />}
      query={distributors}
      rows={distributors.data ?? []}
      texts={listTexts(t, "admin.")}
      empty={
        <EmptyState
          icon={<Truck />}
          title={t("admin.distributors.empty")}
          text={t("admin.distributors.emptyText")}
          action={create}
        />
      }
      columns={[
        { header: t("admin.distributors.name") },
        { header: t("admin.distributors.contact") },
        { header: t("admin.distributors.country") },
        { header: t("admin.distributors.products"), align: "right" },
        { header: t("admin.status") },
      ]}
      cells={(d) => (
        <>
          <TableCell className="font-medium text-fg">{d.name}</TableCell>
          <TableCell>
            <span className="flex flex-col">
              <span>{d.contact_name ?? "—"}</span>
              {d.email && <span className="text-xs text-fg-muted">{d.email}</span>}
            </span>
          </TableCell>
          <TableCell>{d.country ?? "—"}</TableCell>
          <TableCell align="right" className="tabular-nums">
            {d.product_count}
          </TableCell>
          <TableCell>
            <Badge tone={d.active ? "success" : "neutral"}>
              {d.active ? t("admin.distributors.active") : t("admin.distributors.inactive")}
            </Badge>
          </TableCell>
        </>
      )}
      rowActions={(d) => (
        <EditDeleteActions
          edit={{
            onClick: () => dialog.openFor(d),
            label: t("admin.editOne", { name: d.name }),
            text: t("admin.edit"),
          }}
          remove={{
            label: t("admin.deleteOne", { name: d.name }),
            title: t("admin.distributors.deleteTitle"),
            description: t("admin.distributors.deleteText", { name: d.name }),
            confirmLabel: t("admin.delete"),
            cancelLabel: t("admin.cancel"),
            onDelete: () => remove.mutateAsync(d.id),
          }}
        />
      )}
    >
      <DistributorDialog distributor={dialog.record} open={dialog.open} onOpenChange={dialog.setOpen} />
    </AdminListPage>
  );
}
