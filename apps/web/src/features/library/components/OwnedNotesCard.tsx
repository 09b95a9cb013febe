/**
 * On a title's page: the e-book or e-notes of this title the learner bought, with "Owned — read now"
 * (the viewer, at the e-book read last) instead of anything to buy. Nothing for titles they do not own.
 */

import { Role } from "@aprendo/contract/domain";
import { BookOpenText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses, Card } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { readerPath, useLibrary } from "../api";

export function OwnedNotesCard({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation("library");
  const learner = useSession((s) => s.token !== null && s.role === Role.learner);
  const library = useLibrary(i18n.language, learner);
  const entry = library.data?.data.find((e) => e.course.id === courseId && e.kind !== "title");
  const books = entry?.books.filter((b) => !b.locked) ?? [];
  if (!entry || books.length === 0) return null;
  const last = [...books].filter((b) => b.read_at).sort((a, b) => b.read_at!.localeCompare(a.read_at!))[0];
  return (
    <Card className="mt-4 flex flex-col gap-3 p-4" data-testid="owned-notes">
      <div className="flex flex-col gap-0.5">
        <p className="text-xs font-medium tracking-wide text-primary uppercase">{t(`kind.${entry.kind}`)}</p>
        <p className="font-semibold break-words text-fg">{entry.title}</p>
      </div>
      <Link to={readerPath((last ?? books[0]!).id)} className={buttonClasses({ fullWidth: true })}>
        <BookOpenText aria-hidden="true" className="size-4" />
        {t("owned")}
      </Link>
    </Card>
  );
}
