/**
 * /iu/profile/info: every profile field of spec section 3 with the rules of section 5, the photo and
 * identity verification, and the pending email/phone confirmation. Leaving with unsaved edits warns.
 */
import { profileInput } from "@aprendo/contract";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver } from "../../../components/admin/resolver";
import { TextField } from "../../../components/form";
import { Banner, Button, Card, ErrorState, Input, PageHeader, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { reportError } from "../../auth/components/form";
import { LeaveGuard } from "../../auth/components/LeaveGuard";
import { MyDataSection } from "../../privacy/components/MyDataSection";
import { type ProfileBody, useConfirmContact, useProfile, useSaveProfile } from "../api";
import { DocumentCard } from "../components/DocumentCard";
import { AddressFields, OccupationField, PersonalFields } from "../components/ProfileFields";
import { toFormValues } from "../logic";

const fields = [
  "first_name",
  "last_name",
  "username",
  "date_of_birth",
  "gender",
  "email",
  "phone",
  "address",
  "city",
  "country",
  "postal_code",
  "occupation",
  "facebook_url",
  "snapchat_url",
  "twitter_url",
  "instagram_url",
  "youtube_url",
  "pinterest_url",
  "linkedin_url",
  "language_id",
] as const;
const social = [
  "facebook_url",
  "snapchat_url",
  "twitter_url",
  "instagram_url",
  "youtube_url",
  "pinterest_url",
  "linkedin_url",
] as const;
type Values = Record<(typeof fields)[number], string>;

const schema = profileInput.omit({ language_id: true });

export default function ProfileInfoPage() {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  if (profile.isPending)
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (profile.isError)
    return (
      <ErrorState
        message={translateMessage("error.somethingWrong")}
        title={t("review.loadError")}
        retryLabel={t("review.retry")}
        onRetry={() => profile.refetch()}
      />
    );
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: ProfileBody }) {
  const { t, i18n } = useTranslation("profile");
  const save = useSaveProfile();
  const initial = useMemo(() => toFormValues(profile, fields) as Values, [profile]);
  const form = useForm<Values>({
    defaultValues: initial,
    // biome-ignore lint/suspicious/noExplicitAny: the form keeps strings; the schema converts them
    resolver: contractResolver(schema as any) as any,
  });
  const { isDirty, isSubmitting } = form.formState;
  useEffect(() => form.reset(initial), [initial, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const raw = form.getValues();
      const result = await save.mutateAsync({ ...values, language_id: Number(raw.language_id) || undefined });
      showSuccess(result.message);
    } catch (error) {
      reportError(error, form.setError, fields);
    }
  });

  const c = form.control;
  const lastActive = profile.last_active
    ? formatDateTime(profile.last_active, dateLanguage(i18n.language))
    : t("never");

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {(["email", "phone"] as const).map((kind) => {
        const value = kind === "email" ? profile.pending_email : profile.pending_phone;
        return value ? <PendingContact key={kind} kind={kind} value={value} /> : null;
      })}
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <Section title={t("sections.personal")}>
          <PersonalFields control={c} own />
          <p className="text-sm text-fg-muted sm:col-span-2">
            {t("fields.last_active")}: <span className="text-fg">{lastActive}</span>
          </p>
        </Section>
        <Section title={t("sections.contact")}>
          <TextField
            control={c}
            name="email"
            type="email"
            label={t("fields.email")}
            required
            autoComplete="email"
          />
          <TextField
            control={c}
            name="phone"
            type="tel"
            label={t("fields.phone")}
            hint={t("fields.phoneHint")}
            autoComplete="tel"
          />
        </Section>
        <Section title={t("sections.address")}>
          <AddressFields control={c} own />
        </Section>
        <Section title={t("sections.work")}>
          <OccupationField control={c} own />
        </Section>
        <Section title={t("sections.social")}>
          {social.map((name) => (
            <TextField
              key={name}
              control={c}
              name={name}
              type="url"
              inputMode="url"
              label={t(`fields.${name}`)}
              placeholder="https://"
            />
          ))}
        </Section>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => form.reset(initial)}>
            {t("discard")}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t("save")}
          </Button>
        </div>
      </form>
      <section aria-labelledby="verification-title" className="flex flex-col gap-4">
        <h2 id="verification-title" className="text-xl font-semibold">
          {t("sections.verification")}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <DocumentCard kind="photo" state={profile.photo} />
          <DocumentCard kind="identity" state={profile.identity} />
        </div>
      </section>
      <MyDataSection />
      <LeaveGuard when={isDirty && !isSubmitting} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function PendingContact({ kind, value }: { kind: "email" | "phone"; value: string }) {
  const { t } = useTranslation("profile");
  const confirm = useConfirmContact();
  const [code, setCode] = useState("");
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      showSuccess((await confirm.mutateAsync({ kind, code })).message);
      setCode("");
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Banner tone="warning">
      <form onSubmit={send} className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <span className="flex-1">{t(`pending.${kind}`, { value })}</span>
        <Input
          aria-label={t("pending.code")}
          placeholder={t("pending.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          className="sm:w-32"
        />
        <Button type="submit" size="sm" disabled={code.length !== 6} loading={confirm.isPending}>
          {t("pending.confirm")}
        </Button>
      </form>
    </Banner>
  );
}
