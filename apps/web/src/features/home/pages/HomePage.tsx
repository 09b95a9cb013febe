import { useTranslation } from "react-i18next";

/** The public home page; the accounts issue turns it into the login page of spec section 2. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold text-fg">{t("brand")}</h1>
      <p className="text-xl text-fg-muted">{t("tagline")}</p>
    </main>
  );
}
