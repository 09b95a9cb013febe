/** Dialogs of the stock pages: adjust a binding's stock after a count, request copies from a distributor. */
import type { StockLevel } from "@aprendo/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Field, Input, NumberInput, Select } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useAdjustStock, useCreateStockRequest, useDistributors } from "../api";

const label = (t: (k: string) => string, level: Pick<StockLevel, "title" | "binding">) =>
  `${level.title} · ${t(`binding.${level.binding}`)}`;

export function AdjustStockDialog({ level, onClose }: { level: StockLevel | null; onClose: () => void }) {
  const { t } = useTranslation("shop");
  const adjust = useAdjustStock();
  const [stock, setStock] = useState("");
  const [reason, setReason] = useState("");
  useEffect(() => {
    setStock(level ? String(level.stock) : "");
    setReason("");
  }, [level]);
  const valid = stock !== "" && Number(stock) >= 0 && reason.trim().length >= 3;
  const save = async () => {
    if (!level || !valid) return;
    try {
      await adjust.mutateAsync({
        productId: level.product_id,
        bindingId: level.binding_id,
        stock: Number(stock),
        reason,
      });
      showSuccess(t("admin.save"));
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog
      open={level !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("admin.overview.adjustTitle")}
      description={level ? t("admin.overview.adjustText", { name: label(t, level) }) : undefined}
      closeLabel={t("admin.cancel")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={save} disabled={!valid} loading={adjust.isPending}>
            {t("admin.save")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t("admin.overview.newStock")} required>
          <NumberInput
            min={0}
            value={stock}
            onChange={(e) => setStock(e.target.value)}
            className="sm:max-w-40"
          />
        </Field>
        <Field label={t("admin.overview.reason")} required>
          <Input
            value={reason}
            maxLength={200}
            placeholder={t("admin.overview.reasonPlaceholder")}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
}

export function RequestCopiesDialog({
  open,
  onClose,
  levels,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  levels: StockLevel[];
  initial: StockLevel | null;
}) {
  const { t } = useTranslation("shop");
  const distributors = useDistributors();
  const create = useCreateStockRequest();
  const [bindingId, setBindingId] = useState("");
  const [distributorId, setDistributorId] = useState("");
  const [quantity, setQuantity] = useState("10");
  const [note, setNote] = useState("");
  useEffect(() => {
    if (!open) return;
    setBindingId(initial ? String(initial.binding_id) : "");
    setDistributorId(initial?.distributor ? String(initial.distributor.id) : "");
    setQuantity("10");
    setNote("");
  }, [open, initial]);
  const valid = bindingId !== "" && distributorId !== "" && Number(quantity) >= 1;
  const save = async () => {
    if (!valid) return;
    try {
      const answer = await create.mutateAsync({
        binding_id: Number(bindingId),
        distributor_id: Number(distributorId),
        quantity: Number(quantity),
        note: note.trim() || null,
      });
      showSuccess(answer.message);
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("admin.requests.createTitle")}
      description={t("admin.requests.createText")}
      closeLabel={t("admin.cancel")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={save} disabled={!valid} loading={create.isPending}>
            {t("admin.overview.request")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t("admin.requests.binding")} required>
          <Select
            value={bindingId}
            placeholder={t("admin.requests.bindingPlaceholder")}
            onChange={(e) => {
              setBindingId(e.target.value);
              const level = levels.find((l) => String(l.binding_id) === e.target.value);
              if (level?.distributor) setDistributorId(String(level.distributor.id));
            }}
            options={levels.map((l) => ({ value: String(l.binding_id), label: label(t, l) }))}
          />
        </Field>
        <Field label={t("admin.requests.distributor")} required>
          <Select
            value={distributorId}
            placeholder={t("admin.requests.distributorPlaceholder")}
            onChange={(e) => setDistributorId(e.target.value)}
            options={(distributors.data ?? [])
              .filter((d) => d.active)
              .map((d) => ({ value: String(d.id), label: d.name }))}
          />
        </Field>
        <Field label={t("admin.requests.quantity")} required>
          <NumberInput
            min={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            className="sm:max-w-40"
          />
        </Field>
        <Field label={t("admin.requests.note")}>
          <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
    </Dialog>
  );
}
