/**
 * /iu/library: "My library", every e-book and e-notes the learner owns (bought in the shop, or
 * included in an enrolled title), each with its cover, its e-books and how far the learner read
 * them, "Read" (the viewer, at the last page) and "Download PDF" (stamped with the buyer's name).
 */
import {
  BookOpen,
  BookOpenText,
  ChevronDown,
  ChevronUp,
  Download,
  FileText,
  Library as LibraryIcon,
  Lock,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Badge,
  Button,
  buttonClasses,
  Card,
  EmptyState,
  ErrorState,
  PageHeader,
  ProgressBar,
  Skeleton,
} from "../../../components/ui";
import { dateLanguage, formatDate, relativeTime } from "../../../lib/format";
import { showError } from "../../../lib/toast";
import { ProductCover } from "../../shop/components/ProductCover";
import { downloadEbook, type LibraryBook, type LibraryEntry, readerPath, useLibrary } from "../api";

const shell = "mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8";

export default function LibraryPage() {
  const { t, i18n } = useTranslation("library");
  const library = useLibrary(i18n.language);

  let body: React.ReactNode;
  if (library.isPending)
    body = (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  else if (library.isError)
    body = (
      <ErrorState
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void library.refetch()}
        retrying={library.isFetching}
      />
    );
  else if (library.data.data.length === 0)
    body = (
      <EmptyState
        icon={<LibraryIcon />}
        title={t("emptyTitle")}
        text={t("emptyText")}
        action={
          <Link to="/iu/shop" className={buttonClasses({})}>
            {t("toShop")}
          </Link>
        }
      />
    );
  else
    body = (
      <ul className="flex flex-col gap-5">
        {library.data.data.map((entry) => (
          <li key={entry.course.id}>
            <Entry entry={entry} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className={shell}>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {body}
    </div>
  );
}

/** A long title shows its first e-books (and any the learner has opened) until asked for all. */
const FOLDED = 4;

function Entry({ entry }: { entry: LibraryEntry }) {
  const { t, i18n } = useTranslation("library");
  const [unfolded, setUnfolded] = useState(false);
  const foldable = entry.books.length > FOLDED + 1;
  const shown =
    foldable && !unfolded
      ? entry.books.filter((b, index) => index < FOLDED || b.read_at !== null)
      : entry.books;
  const listId = `library-books-${entry.course.id}`;
  const language = dateLanguage(i18n.language);
  const date = formatDate(entry.acquired_at, language);
  const how =
    entry.source === "enrolment"
      ? t("enrolled", { date })
      : entry.source === "purchase"
        ? t("bought", { date })
        : t("granted", { date });
  const headingId = `library-entry-${entry.course.id}`;
  return (
    <Card className="p-4 sm:p-5">
      <section
        aria-labelledby={headingId}
        className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-3 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-x-5"
      >
        <div className="sm:row-span-3">
          <Cover entry={entry} />
        </div>
        <header className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={entry.kind === "title" ? "neutral" : "primary"}>{t(`kind.${entry.kind}`)}</Badge>
            <span className="text-xs text-fg-muted">{t("books", { count: entry.books.length })}</span>
          </div>
          <h2 id={headingId} className="text-lg font-semibold break-words text-fg">
            {entry.title}
          </h2>
          <p className="text-sm text-fg-muted">
            <Link
              to={`/iu/courses/${entry.course.id}`}
              className="rounded-sm underline-offset-2 hover:underline focus-ring"
            >
              {entry.course.title}
            </Link>
            {" · "}
            {how}
            {entry.order_number ? ` · ${t("order", { number: entry.order_number })}` : ""}
          </p>
        </header>
        <ul
          id={listId}
          className="col-span-2 flex flex-col divide-y divide-border rounded-md border border-border sm:col-span-1 sm:col-start-2"
        >
          {shown.map((book) => (
            <li key={book.id}>
              <BookRow book={book} />
            </li>
          ))}
        </ul>
        {foldable && (
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2 justify-self-start sm:col-span-1 sm:col-start-2"
            aria-expanded={unfolded}
            aria-controls={listId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {unfolded ? (
              <ChevronUp aria-hidden="true" className="size-4" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-4" />
            )}
            {unfolded ? t("showFewer") : t("showAll", { count: entry.books.length })}
          </Button>
        )}
      </section>
    </Card>
  );
}

/** The cover: its picture, or the shop's drawn cover; a phone gets a small block with the kind's icon. */
function Cover({ entry }: { entry: LibraryEntry }) {
  if (entry.cover_url)
    return (
      <img
        src={entry.cover_url}
        alt=""
        loading="lazy"
        className="aspect-[3/4] w-full rounded-md object-cover shadow-sm"
      />
    );
  const Icon = entry.kind === "title" ? BookOpen : FileText;
  return (
    <>
      <div
        aria-hidden="true"
        className="flex aspect-[3/4] w-full items-center justify-center rounded-md text-white shadow-sm sm:hidden"
        style={{ backgroundColor: entry.cover_color }}
      >
        <Icon className="size-6" />
      </div>
      <div className="hidden sm:block">
        <ProductCover
          title={entry.title}
          authors={entry.course.title}
          color={entry.cover_color}
          src={null}
          kind={entry.kind}
        />
      </div>
    </>
  );
}

function BookRow({ book }: { book: LibraryBook }) {
  const { t, i18n } = useTranslation("library");
  const [downloading, setDownloading] = useState(false);
  const language = dateLanguage(i18n.language);
  const started = book.read_at !== null;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadEbook(book.id, book.title);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        {/* The lecture tells a title's e-books apart (they are often all "Lecture notes"). */}
        <p className="font-medium break-words text-fg">{book.lecture.title}</p>
        <p className="text-xs text-fg-muted">{book.title}</p>
        {book.locked ? (
          <p className="flex items-center gap-1.5 text-sm text-fg-muted">
            <Lock aria-hidden="true" className="size-4" />
            {t("locked")}
          </p>
        ) : (
          <div className="flex flex-col gap-1">
            {book.pages > 0 && (
              <ProgressBar
                size="sm"
                label={t("progress", { title: book.title })}
                value={started ? book.last_page : 0}
                max={book.pages}
                valueText={t("pageOf", { page: started ? book.last_page : 0, pages: book.pages })}
                className="max-w-xs"
              />
            )}
            <p className="text-xs text-fg-muted">
              {started
                ? `${book.pages > 0 ? t("pageOf", { page: book.last_page, pages: book.pages }) : ""}${
                    book.pages > 0 ? " · " : ""
                  }${t("lastRead", { when: relativeTime(book.read_at!, language) })}`
                : t("notStarted")}
            </p>
          </div>
        )}
      </div>
      {!book.locked && (
        <div className="flex flex-wrap gap-2">
          <Link to={readerPath(book.id)} className={buttonClasses({ size: "sm" })}>
            <BookOpenText aria-hidden="true" className="size-4" />
            {started ? t("continue") : t("read")}
          </Link>
          <Button
            variant="secondary"
            size="sm"
            loading={downloading}
            onClick={() => void download()}
            aria-label={t("downloadLabel", { title: book.title })}
          >
            {!downloading && <Download aria-hidden="true" className="size-4" />}
            {t("download")}
          </Button>
        </div>
      )}
    </div>
  );
}
