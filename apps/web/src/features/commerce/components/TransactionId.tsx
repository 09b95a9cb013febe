/**
 * A payment provider's transaction id (`pi_sandbox_…`, often 30+ characters): shown shortened to its
 * start and end so it fits a table cell or a card, in full on hover and to screen readers, with a
 * button that copies the whole id for a support conversation.
 */
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui";
import { showError } from "../../../lib/toast";

/** Ids up to this length are shown whole. */
const shownWhole = 18;

export function shortenId(id: string): string {
  return id.length <= shownWhole ? id : `${id.slice(0, 10)}…${id.slice(-6)}`;
}

export function TransactionId({ id }: { id: string }) {
  const { t } = useTranslation("commerce");
  const [copied, setCopied] = useState(false);
  const short = shortenId(id);
  return (
    <span className="inline-flex items-center gap-1" data-testid="transaction-id">
      <span className="font-mono text-xs text-fg" title={id}>
        <span aria-hidden={short !== id}>{short}</span>
        {short !== id && <span className="sr-only">{id}</span>}
      </span>
      <IconButton
        size="sm"
        variant="ghost"
        icon={copied ? <Check /> : <Copy />}
        aria-label={copied ? t("transactionCopied") : t("copyTransaction")}
        onClick={() => {
          navigator.clipboard.writeText(id).then(
            () => setCopied(true),
            (error: unknown) => showError(error),
          );
        }}
      />
    </span>
  );
}
