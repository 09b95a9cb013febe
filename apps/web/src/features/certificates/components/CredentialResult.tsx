/**
 * The verdict on a checked credential: the signature (valid, altered, or not ours), the
 * certificate's status (valid, suspended, revoked with the date) and what it says.
 */
import { BadgeCheck, CircleAlert, CircleX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, Card } from "../../../components/ui";
import type { CredentialVerification } from "../api";
import { formatDay } from "../logic";

/** One word for the whole verdict: a bad signature outranks everything, then revoked, suspended. */
export function overall(r: CredentialVerification) {
  if (r.signature !== "valid") return r.signature === "unknown_issuer" ? "unknownIssuer" : "invalid";
  return r.status === "unknown" ? "notFound" : r.status;
}

export function CredentialResult({ result: r }: { result: CredentialVerification }) {
  const { t, i18n } = useTranslation("certificates");
  const verdict = overall(r);
  const good = verdict === "valid";
  const Icon = good
    ? BadgeCheck
    : verdict === "suspended" || verdict === "unknownIssuer"
      ? CircleAlert
      : CircleX;
  const tone = good
    ? "text-success"
    : verdict === "suspended" || verdict === "unknownIssuer"
      ? "text-warning"
      : "text-danger";
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : "");
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center sm:p-8">
      <Icon aria-hidden="true" className={`size-14 ${tone}`} />
      <h2 className="text-2xl font-bold" role="status">
        {t(`credentialCheck.verdict.${verdict}`)}
      </h2>
      <p className="max-w-prose text-fg-muted">{t(`credentialCheck.explain.${verdict}`)}</p>
      <dl className="grid w-full max-w-lg grid-cols-1 gap-x-4 gap-y-1 text-left sm:grid-cols-[auto_1fr] sm:gap-y-2">
        <dt className="text-fg-muted">{t("credentialCheck.signature")}</dt>
        <dd>
          <Badge tone={r.signature === "valid" ? "success" : "danger"}>
            {t(`credentialCheck.signatures.${r.signature}`)}
          </Badge>
        </dd>
        <dt className="text-fg-muted">{t("credentialCheck.status")}</dt>
        <dd>
          <Badge
            tone={
              r.status === "valid"
                ? "success"
                : r.status === "suspended"
                  ? "warning"
                  : r.status === "revoked"
                    ? "danger"
                    : "neutral"
            }
          >
            {t(`credentialCheck.statuses.${r.status}`)}
          </Badge>
        </dd>
        {r.issuer && (
          <>
            <dt className="text-fg-muted">{t("credentialCheck.issuer")}</dt>
            <dd className="break-all">
              {r.issuer.name ? `${r.issuer.name} · ` : ""}
              <span className="font-mono text-sm">{r.issuer.id}</span>
            </dd>
          </>
        )}
        {r.learner_name && (
          <>
            <dt className="text-fg-muted">{t("verify.learner")}</dt>
            <dd className="font-semibold break-words">{r.learner_name}</dd>
          </>
        )}
        {r.achievement && (
          <>
            <dt className="text-fg-muted">{t("verify.item")}</dt>
            <dd className="break-words">
              {r.achievement}
              {r.kind ? ` (${t(`kind.${r.kind}`)})` : ""}
            </dd>
          </>
        )}
        {r.valid_from && (
          <>
            <dt className="text-fg-muted">{t("verify.issued")}</dt>
            <dd>{day(r.valid_from)}</dd>
          </>
        )}
        {r.revoked_at && (
          <>
            <dt className="text-fg-muted">{t("verify.revokedOn")}</dt>
            <dd>{day(r.revoked_at)}</dd>
          </>
        )}
        {r.suspended_at && (
          <>
            <dt className="text-fg-muted">{t("verify.suspendedOn")}</dt>
            <dd>{day(r.suspended_at)}</dd>
          </>
        )}
        {r.code && (
          <>
            <dt className="text-fg-muted">{t("verify.code")}</dt>
            <dd className="font-mono break-all">{r.code}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}
