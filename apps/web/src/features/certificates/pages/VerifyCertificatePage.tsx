/** /certificates/verify/:code: the public check of a certificate code (anyone, no login). */
import { BadgeCheck, CircleAlert, CircleX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Button, Card, Content, ErrorState, Field, Input, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { useVerification } from "../api";
import { formatDay } from "../logic";

export default function VerifyCertificatePage() {
  const { t, i18n } = useTranslation("certificates");
  const { code = "" } = useParams();
  const navigate = useNavigate();
  const result = useVerification(code);
  const [other, setOther] = useState("");

  const body = () => {
    if (result.isPending) return <Skeleton className="h-48 w-full" />;
    if (result.isError)
      return (
        <ErrorState
          message={translateMessage("error.somethingWrong")}
          title={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => result.refetch()}
        />
      );
    const r = result.data;
    const Icon = r.status === "valid" ? BadgeCheck : r.status === "revoked" ? CircleX : CircleAlert;
    const tone =
      r.status === "valid" ? "text-success" : r.status === "revoked" ? "text-danger" : "text-warning";
    return (
      <Card className="flex flex-col items-center gap-4 p-6 text-center sm:p-10">
        <Icon aria-hidden="true" className={`size-14 ${tone}`} />
        <h2 className="text-2xl font-bold" role="status">
          {t(`verify.${r.status}`)}
        </h2>
        {r.status === "unknown" ? (
          <p className="text-fg-muted">{t("verify.unknownText")}</p>
        ) : (
          <dl className="grid w-full max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left">
            <dt className="text-fg-muted">{t("verify.learner")}</dt>
            <dd className="font-semibold">{r.learner_name}</dd>
            <dt className="text-fg-muted">{t("verify.item")}</dt>
            <Content as="dd" lang={r.item_lang}>
              {r.item}
            </Content>
            <dt className="text-fg-muted">{t("verify.kind")}</dt>
            <dd>{r.kind ? t(`kind.${r.kind}`) : ""}</dd>
            <dt className="text-fg-muted">{t("verify.issued")}</dt>
            <dd>{r.issued_at ? formatDay(r.issued_at, i18n.language) : ""}</dd>
            {r.revoked_at && (
              <>
                <dt className="text-fg-muted">{t("verify.revokedOn")}</dt>
                <dd>{formatDay(r.revoked_at, i18n.language)}</dd>
              </>
            )}
            {r.suspended_at && !r.revoked_at && (
              <>
                <dt className="text-fg-muted">{t("verify.suspendedOn")}</dt>
                <dd>{formatDay(r.suspended_at, i18n.language)}</dd>
              </>
            )}
            <dt className="text-fg-muted">{t("verify.code")}</dt>
            <dd className="font-mono break-all">{r.code}</dd>
          </dl>
        )}
      </Card>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("verify.title")}</h1>
      {body()}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const next = other.trim().toUpperCase();
          if (next) navigate(`/certificates/verify/${encodeURIComponent(next)}`);
        }}
      >
        <Field label={t("verify.another")} className="flex-1">
          <Input
            value={other}
            onChange={(e) => setOther(e.target.value)}
            autoCapitalize="characters"
            className="font-mono"
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={!other.trim()}>
          {t("verify.check")}
        </Button>
      </form>
      <p className="text-sm text-fg-muted">
        {t("verify.haveFile")}{" "}
        <Link
          to="/certificates/verify"
          className="text-primary underline-offset-4 hover:underline focus-ring"
        >
          {t("verify.checkFile")}
        </Link>
      </p>
    </div>
  );
}
