/**
 * The homepage's catalogue beside the login form: featured, top-rated and new titles,
 * three each, as compact rows opening the public title page, and a link to the whole catalogue.
 */
import type { CourseCard } from "@aprendo/contract";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Skeleton } from "../../../components/ui";
import { RatingStars } from "../../reviews/components/RatingStars";
import { type CatalogueFilters, useCatalogue } from "../api";
import { CourseCover } from "./CourseCover";
import { PriceTag } from "./PriceTag";

const SHOWN = 3;

function Row({ title, filters }: { title: string; filters: Partial<CatalogueFilters> }) {
  const { t } = useTranslation("catalog");
  const list = useCatalogue({ page: 1, q: "", ...filters }, SHOWN);
  const id = `home-${filters.sort ?? "featured"}`;
  if (list.isError || (list.data && list.data.data.length === 0)) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-base font-semibold text-fg">
        {title}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-3">
        {list.data
          ? list.data.data.map((course) => <Item key={course.id} course={course} />)
          : Array.from({ length: SHOWN }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={i} aria-hidden="true">
                <Skeleton className="aspect-video w-full" />
                <Skeleton className="mt-2 h-4 w-3/4" />
              </li>
            ))}
      </ul>
      <span className="sr-only">{t("loading")}</span>
    </section>
  );
}

function Item({ course }: { course: CourseCard }) {
  const { t } = useTranslation("catalog");
  return (
    // A compact row on phones (thumbnail beside the text), a small card from the `sm` width.
    <li className="group relative flex overflow-hidden rounded-lg border border-border bg-surface shadow-xs transition-shadow hover:shadow-md sm:flex-col">
      <div className="relative w-32 shrink-0 sm:w-auto">
        <CourseCover id={course.id} title={course.title} src={course.cover_url} />
        <span className="absolute top-2 right-2 hidden sm:block">
          <PriceTag course={course} className="shadow-sm" />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Link
          to={`/courses/${course.id}`}
          className="text-sm font-semibold text-fg after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-ring"
        >
          {course.title}
        </Link>
        <div className="mt-auto flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
          <RatingStars average={course.rating_average} count={course.rating_count} className="text-xs" />
          <span>{t(`levelNames.${course.level}`)}</span>
          <span className="sm:hidden">
            <PriceTag course={course} />
          </span>
        </div>
      </div>
    </li>
  );
}

export default function HomeShowcase() {
  const { t } = useTranslation("catalog");
  return (
    <section aria-labelledby="home-catalogue" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="home-catalogue" className="text-xl font-semibold tracking-tight text-fg">
          {t("catalogue.homeTitle")}
        </h2>
        <Button asChild variant="secondary" size="sm">
          <Link to="/courses">
            {t("catalogue.browseAll")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
      <Row title={t("catalogue.featured")} filters={{}} />
      <Row title={t("catalogue.topRated")} filters={{ sort: "rating" }} />
      <Row title={t("catalogue.newest")} filters={{ sort: "newest" }} />
    </section>
  );
}
