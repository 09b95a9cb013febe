/** /af/shop-distributors: the companies that supply printed books, edited in a dialog. */
import { type DistributorOut, distributorInput } from "@aprendo/contract";
import { Truck } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  contractResolver,
  dialogSubmit,
  FormDialog,
  type RecordDialogProps,
} from "../../../components/admin";
import { CheckboxField, TextField } from "../../../components/form";
import { Badge, TableCell } from "../../../components/ui";
import { useDeleteDistributor, useDistributors, useSaveDistributor } from "../api";
import { ShopDialogListPage } from "../components/ShopDialogListPage";

type Values = {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  country: string;
  active: boolean;
};
const fields = ["name", "contact_name", "email", "phone", "country"] as const;

function DistributorDialog({ record: distributor, open, onOpenChange }: RecordDialogProps<DistributorOut>) {
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
  return (
    <ShopDialogListPage
      section="distributors"
      icon={<Truck />}
      name={(d) => d.name}
      query={distributors}
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
      onDelete={(d) => remove.mutateAsync(d.id)}
      dialog={(props) => <DistributorDialog {...props} />}
    />
  );
}
