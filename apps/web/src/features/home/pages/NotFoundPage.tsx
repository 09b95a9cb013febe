import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold text-fg">{t("notFound.title")}</h1>
      <p className="text-fg-muted">{t("notFound.text")}</p>
      <Link className="text-primary underline" to="/">
        {t("notFound.home")}
      </Link>
    </main>
  );
}
