/**
 * Bulk claim / bulk resolve of the tickets ticked on the desk. Each action asks once (ConfirmDialog,
 * focus on Cancel); the answer says how many were done, and the ones left alone are listed with why.
 */
import type { TicketBulkResult } from "@aprendo/contract";
import { CircleCheck, Hand, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner, Button, ConfirmDialog } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useBulkAction } from "../helpdesk-api";

/** The toolbar of the ticked tickets (hidden while none is ticked). */
export function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation("support");
  const bulk = useBulkAction();
  const [failed, setFailed] = useState<TicketBulkResult["data"]["failed"]>([]);
  const count = ids.length;
  // Mounted all the time, so the list of tickets left alone outlives the selection it came from.
  if (count === 0 && failed.length === 0) return null;

  const run = async (action: "claim" | "resolve") => {
    try {
      const answer = await bulk.mutateAsync({ action, ids });
      setFailed(answer.data.failed);
      showSuccess(answer.message);
      onDone();
    } catch (error) {
      showError(error);
      throw error;
    }
  };

  const confirm = (action: "claim" | "resolve") => (
    <ConfirmDialog
      tone="primary"
      trigger={
        <Button
          size="sm"
          variant={action === "resolve" ? "primary" : "secondary"}
          data-testid={`bulk-${action}`}
        >
          {action === "claim" ? (
            <Hand aria-hidden="true" className="size-4" />
          ) : (
            <CircleCheck aria-hidden="true" className="size-4" />
          )}
          {t(`helpdesk.bulk.${action}`)}
        </Button>
      }
      title={t(action === "claim" ? "helpdesk.bulk.confirmClaimTitle" : "helpdesk.bulk.confirmResolveTitle", {
        count,
      })}
      description={t(
        action === "claim" ? "helpdesk.bulk.confirmClaimText" : "helpdesk.bulk.confirmResolveText",
      )}
      confirmLabel={t(`helpdesk.bulk.${action}`)}
      cancelLabel={t("helpdesk.bulk.cancel")}
      onConfirm={() => run(action)}
    />
  );

  return (
    <div className="mb-4 flex flex-col gap-3">
      {count > 0 && (
        <div
          role="toolbar"
          aria-label={t("helpdesk.bulk.label")}
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-primary-soft px-3 py-2"
          data-testid="bulk-bar"
        >
          <span className="mr-auto text-sm font-medium text-fg" aria-live="polite">
            {t("helpdesk.bulk.selected", { count })}
          </span>
          {confirm("claim")}
          {confirm("resolve")}
          <Button size="sm" variant="ghost" onClick={onDone}>
            <X aria-hidden="true" className="size-4" />
            {t("helpdesk.bulk.clear")}
          </Button>
        </div>
      )}
      {failed.length > 0 && (
        <Banner tone="warning" onDismiss={() => setFailed([])} dismissLabel={t("handOver.close")}>
          <ul className="list-inside list-disc" data-testid="bulk-failed">
            {failed.map((f) => (
              <li key={f.id}>{t("helpdesk.bulk.failed", { reference: f.reference, message: f.message })}</li>
            ))}
          </ul>
        </Banner>
      )}
    </div>
  );
}
