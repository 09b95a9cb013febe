/**
 * /af/products-overview: stock levels per binding (low and sold-out first) with adjustments and
 * requests to distributors, and the printed orders to send (pack, ship with tracking, deliver).
 */
import type { ShipmentOut, StockLevel } from "@aprendo/contract";
import { Boxes, PackageOpen, SlidersHorizontal, Truck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminTable,
  FiltersBar,
  listTexts,
  SortSelect,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  Button,
  Card,
  Container,
  Dialog,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Select,
  TableCell,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useShipments, useStockOverview, useUpdateShipment } from "../api";
import { AdminShopNav } from "../components/AdminShopNav";
import { AdjustStockDialog, RequestCopiesDialog } from "../components/StockDialogs";

const fulfilmentTone = {
  paid: "info",
  packed: "info",
  shipped: "primary",
  delivered: "success",
  refunded: "danger",
} as const;

function Stat({ label, value, tone }: { label: string; value: number; tone?: "warning" | "danger" }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <span className="text-sm text-fg-muted">{label}</span>
      <span
        className={`text-2xl font-semibold tabular-nums ${tone === "danger" ? "text-danger" : tone === "warning" ? "text-warning" : "text-fg"}`}
      >
        {value}
      </span>
    </Card>
  );
}

function StockTab() {
  const { t } = useTranslation("shop");
  const overview = useStockOverview();
  const rows = overview.data?.data ?? [];
  const [adjusting, setAdjusting] = useState<StockLevel | null>(null);
  const [requesting, setRequesting] = useState<{ open: boolean; level: StockLevel | null }>({
    open: false,
    level: null,
  });
  const totals = overview.data?.totals;
  return (
    <div className="flex flex-col gap-4">
      {totals && (
        <div className="grid grid-cols-3 gap-3">
          <Stat label={t("admin.overview.copies")} value={totals.copies} />
          <Stat label={t("admin.overview.low")} value={totals.low} tone="warning" />
          <Stat label={t("admin.overview.out")} value={totals.out} tone="danger" />
        </div>
      )}
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={() => setRequesting({ open: true, level: null })}
          disabled={rows.length === 0}
        >
          <Truck aria-hidden="true" className="size-4" />
          {t("admin.overview.request")}
        </Button>
      </div>
      <AdminTable
        caption={t("admin.overview.stockTab")}
        query={overview}
        rows={rows}
        rowKey={(level) => level.binding_id}
        texts={listTexts(t, "admin.")}
        empty={
          <EmptyState
            icon={<Boxes />}
            title={t("admin.overview.empty")}
            text={t("admin.overview.emptyText")}
          />
        }
        columns={[
          { header: t("admin.overview.columns.product") },
          { header: t("admin.overview.columns.binding") },
          { header: t("admin.overview.columns.stock"), align: "right" },
          { header: t("admin.overview.columns.sold"), align: "right" },
          { header: t("admin.overview.columns.requested"), align: "right" },
          { header: t("admin.overview.columns.distributor") },
        ]}
        cells={(level) => (
          <>
            <TableCell className="max-w-xs">
              <Link
                to={`/af/products/${level.product_id}`}
                className="font-medium text-primary hover:underline"
              >
                {level.title}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{t(`binding.${level.binding}`)}</TableCell>
            <TableCell align="right">
              <span className="inline-flex items-center gap-2 tabular-nums">
                {level.stock === 0 ? (
                  <Badge tone="danger">{t("admin.overview.outBadge")}</Badge>
                ) : level.low ? (
                  <Badge tone="warning">{t("admin.overview.lowBadge")}</Badge>
                ) : null}
                <span className="font-semibold text-fg">{level.stock}</span>
              </span>
            </TableCell>
            <TableCell align="right" className="tabular-nums">
              {level.sold}
            </TableCell>
            <TableCell align="right" className="tabular-nums">
              {level.requested > 0 ? level.requested : "—"}
            </TableCell>
            <TableCell>{level.distributor?.name ?? "—"}</TableCell>
          </>
        )}
        rowActions={(level) => {
          const name = `${level.title} · ${t(`binding.${level.binding}`)}`;
          return (
            <span className="inline-flex gap-1">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setAdjusting(level)}
                aria-label={t("admin.overview.adjustOne", { name })}
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                <span className="max-md:sr-only">{t("admin.overview.adjust")}</span>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setRequesting({ open: true, level })}
                aria-label={t("admin.overview.requestOne", { name })}
              >
                <Truck aria-hidden="true" className="size-4" />
                <span className="max-md:sr-only">{t("admin.overview.request")}</span>
              </Button>
            </span>
          );
        }}
      />
      <AdjustStockDialog level={adjusting} onClose={() => setAdjusting(null)} />
      <RequestCopiesDialog
        open={requesting.open}
        initial={requesting.level}
        levels={rows}
        onClose={() => setRequesting({ open: false, level: null })}
      />
    </div>
  );
}

function ShipDialog({ shipment, onClose }: { shipment: ShipmentOut | null; onClose: () => void }) {
  const { t } = useTranslation("shop");
  const update = useUpdateShipment();
  const [tracking, setTracking] = useState("");
  const [carrier, setCarrier] = useState("");
  const valid = tracking.trim().length >= 4;
  const save = async () => {
    if (!shipment || !valid) return;
    try {
      const answer = await update.mutateAsync({
        orderId: shipment.order_id,
        status: "shipped",
        tracking_reference: tracking.trim(),
        carrier: carrier.trim(),
      });
      showSuccess(answer.message);
      setTracking("");
      setCarrier("");
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog
      open={shipment !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("admin.shipments.shipTitle", { id: shipment?.order_id ?? "" })}
      description={t("admin.shipments.shipText")}
      closeLabel={t("admin.cancel")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={save} disabled={!valid} loading={update.isPending}>
            {t("admin.shipments.ship")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t("admin.shipments.tracking")} required>
          <Input
            value={tracking}
            maxLength={60}
            onChange={(e) => setTracking(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field label={t("admin.shipments.carrier")}>
          <Input value={carrier} maxLength={60} onChange={(e) => setCarrier(e.target.value)} />
        </Field>
      </div>
    </Dialog>
  );
}

function ShipmentsTab() {
  const { t } = useTranslation("shop");
  const [state, update] = useUrlState({ status: "", tab: "stock", sort: "" });
  const shipments = useShipments(state.status, state.sort);
  const change = useUpdateShipment();
  const [shipping, setShipping] = useState<ShipmentOut | null>(null);
  const rows = shipments.data ?? [];
  const mark = async (s: ShipmentOut, status: "packed" | "delivered") => {
    try {
      showSuccess((await change.mutateAsync({ orderId: s.order_id, status })).message);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <FiltersBar>
        <Field label={t("admin.shipments.filter")} className="sm:w-56">
          <Select
            value={state.status}
            onChange={(e) => update({ status: e.target.value })}
            options={[
              { value: "", label: t("admin.shipments.all") },
              ...(["paid", "packed", "shipped", "delivered", "refunded"] as const).map((s) => ({
                value: s,
                label: t(`fulfilment.${s}`),
              })),
            ]}
          />
        </Field>
        {/* Orders to ship are cards at every width (no header row), so the order is a select. */}
        <SortSelect
          sort={urlSort(state, update)}
          className="sm:w-64"
          columns={[
            { key: "order", label: t("admin.shipments.orderNumber") },
            { key: "learner", label: t("admin.shipments.learner") },
            { key: "status", label: t("admin.shipments.status") },
            { key: "shipped_at", label: t("admin.shipments.shippedOn") },
          ]}
        />
      </FiltersBar>
      <AdminTable
        testId="shipments"
        query={shipments}
        rows={rows}
        rowKey={(s) => s.order_id}
        texts={listTexts(t, "admin.")}
        empty={
          <EmptyState
            icon={<PackageOpen />}
            title={t("admin.shipments.empty")}
            text={t("admin.shipments.emptyText")}
          />
        }
        card={(s) => (
          <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-fg">
                  {t("admin.shipments.order", { id: s.order_id })}
                </span>
                <Badge tone={fulfilmentTone[s.status]}>{t(`fulfilment.${s.status}`)}</Badge>
                {s.user && <span className="text-sm text-fg-muted">{s.user.username}</span>}
              </div>
              <ul className="text-sm text-fg">
                {s.items.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat
                  <li key={index}>
                    {item.quantity} × {item.name}
                  </li>
                ))}
              </ul>
              {s.address && <p className="text-sm text-fg-muted">{s.address}</p>}
              {s.tracking_reference && (
                <p className="text-xs text-fg-muted">
                  {s.carrier ? `${s.carrier} · ` : ""}
                  {t("fulfilment.tracking", { reference: s.tracking_reference })}
                </p>
              )}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {s.status === "paid" && (
                <Button size="sm" variant="secondary" onClick={() => mark(s, "packed")}>
                  {t("admin.shipments.pack")}
                </Button>
              )}
              {(s.status === "paid" || s.status === "packed") && (
                <Button size="sm" onClick={() => setShipping(s)}>
                  {t("admin.shipments.ship")}
                </Button>
              )}
              {s.status === "shipped" && (
                <Button size="sm" variant="secondary" onClick={() => mark(s, "delivered")}>
                  {t("admin.shipments.deliver")}
                </Button>
              )}
            </div>
          </Card>
        )}
      />
      <ShipDialog shipment={shipping} onClose={() => setShipping(null)} />
    </div>
  );
}

export default function ProductsOverviewPage() {
  const { t } = useTranslation("shop");
  const [state, update] = useUrlState({ tab: "stock", status: "" });
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("admin.overview.title")} subtitle={t("admin.overview.subtitle")} />
      <AdminShopNav className="mb-4" />
      <Tabs value={state.tab} onValueChange={(tab) => update({ tab })}>
        <TabsList aria-label={t("admin.overview.title")}>
          <TabsTrigger value="stock">
            <Boxes aria-hidden="true" className="size-4" />
            {t("admin.overview.stockTab")}
          </TabsTrigger>
          <TabsTrigger value="shipments">
            <Truck aria-hidden="true" className="size-4" />
            {t("admin.overview.shipmentsTab")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="stock">
          <StockTab />
        </TabsContent>
        <TabsContent value="shipments">
          <ShipmentsTab />
        </TabsContent>
      </Tabs>
    </Container>
  );
}
