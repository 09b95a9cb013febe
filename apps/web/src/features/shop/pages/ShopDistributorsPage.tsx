/** /af/shop-distributors: the companies that supply printed books, edited in a dialog. */
import { type DistributorOut, distributorInput } from "@aprendo/contract";
import { Pencil, Plus, Truck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, DeleteRowButton, ListStates, reportFormError } from "../../../components/admin";
import { CheckboxField, TextField } from "../../../components/form";
import {
  Badge,
  Button,
  Container,
  Dialog,
  EmptyState,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
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
    resolver: contractResolver(distributorInput),
    values: {
      name: distributor?.name ?? "",
      contact_name: distributor?.contact_name ?? "",
      email: distributor?.email ?? "",
      phone: distributor?.phone ?? "",
      country: distributor?.country ?? "",
      active: distributor?.active ?? true,
    },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      const answer = await save.mutateAsync(v);
      showSuccess(answer.message);
      onOpenChange(false);
    } catch (error) {
      reportFormError(error, form.setError, fields);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={distributor ? t("admin.distributors.editTitle") : t("admin.distributors.createTitle")}
      closeLabel={t("admin.cancel")}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" form="distributor-form" loading={form.formState.isSubmitting}>
            {t("admin.save")}
          </Button>
        </>
      }
    >
      <form id="distributor-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
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
      </form>
    </Dialog>
  );
}

export default function ShopDistributorsPage() {
  const { t } = useTranslation("shop");
  const distributors = useDistributors();
  const remove = useDeleteDistributor();
  const [editing, setEditing] = useState<DistributorOut | null>(null);
  const [open, setOpen] = useState(false);
  const rows = distributors.data ?? [];
  const openFor = (d: DistributorOut | null) => {
    setEditing(d);
    setOpen(true);
  };
  const create = (
    <Button onClick={() => openFor(null)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("admin.distributors.create")}
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("admin.distributors.title")}
        subtitle={t("admin.distributors.subtitle")}
        actions={create}
      />
      <AdminShopNav className="mb-4" />
      <ListStates
        query={distributors}
        isEmpty={rows.length === 0}
        loadingLabel={t("admin.loading")}
        errorMessage={t("admin.loadFailed")}
        retryLabel={t("admin.retry")}
        empty={
          <EmptyState
            icon={<Truck />}
            title={t("admin.distributors.empty")}
            text={t("admin.distributors.emptyText")}
            action={create}
          />
        }
      >
        <Table caption={t("admin.distributors.title")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("admin.distributors.name")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.distributors.contact")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.distributors.country")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.distributors.products")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.status")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
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
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => openFor(d)}
                      aria-label={t("admin.editOne", { name: d.name })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      <span className="max-sm:sr-only">{t("admin.edit")}</span>
                    </Button>
                    <DeleteRowButton
                      label={t("admin.deleteOne", { name: d.name })}
                      title={t("admin.distributors.deleteTitle")}
                      description={t("admin.distributors.deleteText", { name: d.name })}
                      confirmLabel={t("admin.delete")}
                      cancelLabel={t("admin.cancel")}
                      onDelete={() => remove.mutateAsync(d.id)}
                    />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListStates>
      <DistributorDialog distributor={editing} open={open} onOpenChange={setOpen} />
    </Container>
  );
}
