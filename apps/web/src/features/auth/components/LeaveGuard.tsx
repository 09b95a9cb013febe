/**
 * Warns before leaving an edited form (spec section 8: "all editing is discarded"): in-app
 * navigation asks with a dialog (react-router's blocker), closing the tab asks with the browser's own.
 */
import { useTranslation } from "react-i18next";
import { useBeforeUnload, useBlocker } from "react-router";
import { ConfirmDialog } from "../../../components/ui";

export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation("auth");
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload((event) => {
    if (when) event.preventDefault();
  });
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={t("leave.title")}
      description={t("leave.description")}
      confirmLabel={t("leave.confirm")}
      cancelLabel={t("leave.cancel")}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
