/**
 * The learner's opt-in public certificates page: off by default; turning it on takes an
 * address (`/u/<handle>`) anyone can open; it lists valid certificates only.
 */
import { Globe } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Field, Input, Skeleton } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useMyPublicProfile, useRemovePublicProfile, useSavePublicProfile } from "../api";

export function PublicProfileCard({ suggestion }: { suggestion: string }) {
  const { t } = useTranslation("certificates");
  const mine = useMyPublicProfile();
  const save = useSavePublicProfile();
  const remove = useRemovePublicProfile();
  const [handle, setHandle] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (mine.isPending) return <Skeleton className="h-32 w-full" />;
  if (mine.isError) return null;
  const on = mine.data.handle !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          <Globe aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t("publicPage.title")}</h2>
          <p className="text-sm text-fg-muted">{on ? t("publicPage.on") : t("publicPage.off")}</p>
        </div>
      </div>
      {on ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <a
            href={mine.data.url ?? "#"}
            className="break-all font-mono text-sm text-primary underline-offset-4 hover:underline focus-ring"
          >
            {mine.data.url}
          </a>
          <Button
            variant="secondary"
            size="sm"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: (r) => showSuccess(r.message), onError: showError })
            }
          >
            {t("publicPage.turnOff")}
          </Button>
        </div>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            save.mutate(handle || suggestion, {
              onSuccess: (r) => showSuccess(r.message),
              onError: (err) => {
                // The address's own problems (its form, already taken) belong under the field.
                const field =
                  err instanceof ApiError
                    ? (err.fieldErrors?.handle?.[0] ?? (err.status === 409 ? err.message : null))
                    : null;
                if (field) setError(field);
                else showError(err);
              },
            });
          }}
        >
          <Field label={t("publicPage.handle")} hint={t("publicPage.hint")} error={error} className="flex-1">
            <Input
              value={handle}
              placeholder={suggestion}
              onChange={(e) => setHandle(e.target.value)}
              autoCapitalize="none"
            />
          </Field>
          <Button type="submit" loading={save.isPending} className="sm:mt-6">
            {t("publicPage.turnOn")}
          </Button>
        </form>
      )}
    </Card>
  );
}
