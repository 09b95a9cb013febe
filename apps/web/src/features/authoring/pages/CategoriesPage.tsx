/** /af/categories: the catalogue's categories in their order, with their titles count; reorder, edit, delete. */
import { FolderPlus, Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Button,
  Container,
  EmptyState,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { showError } from "../../../lib/toast";
import { useAdminCategories, useCategoryMutations } from "../api";
import { LoadError, TableSkeleton } from "../components/LoadState";
import { MoveButtons } from "../components/StructureEditor";
import { movedIds } from "../logic";

export default function CategoriesPage() {
  const { t, i18n } = useTranslation("authoring");
  const categories = useAdminCategories();
  const { reorder } = useCategoryMutations();
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<{ key: string; direction: "up" | "down" } | null>(null);
  const es = i18n.language === "es";

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !categories.data) return;
    pendingFocus.current = null;
    const find = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${pending.key}-${direction}"]`);
    const button = find(pending.direction);
    (button && !button.disabled ? button : find(pending.direction === "up" ? "down" : "up"))?.focus();
  }, [categories.data]);

  const list = categories.data ?? [];
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("categories.title")}
        subtitle={t("categories.subtitle")}
        actions={
          <Button asChild>
            <Link to="/af/categories/create">
              <FolderPlus aria-hidden="true" className="size-4" />
              {t("categories.new")}
            </Link>
          </Button>
        }
      />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {categories.isPending ? (
        <TableSkeleton rows={4} label={t("common.loading")} />
      ) : categories.isError ? (
        <LoadError
          error={categories.error}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<FolderPlus />}
          title={t("categories.empty")}
          text={t("categories.emptyText")}
          action={
            <Button asChild>
              <Link to="/af/categories/create">{t("categories.new")}</Link>
            </Button>
          }
        />
      ) : (
        <Table caption={t("categories.caption")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell className="w-24">{t("categories.columns.order")}</TableHeaderCell>
              <TableHeaderCell>{t("categories.columns.name")}</TableHeaderCell>
              <TableHeaderCell className="hidden md:table-cell">
                {t("categories.columns.slug")}
              </TableHeaderCell>
              <TableHeaderCell align="right">{t("categories.columns.titles")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("common.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((category, index) => {
              const name = es ? category.name_es : category.name_en;
              const other = es ? category.name_en : category.name_es;
              return (
                <TableRow key={category.id}>
                  <TableCell className="py-1">
                    <div className="flex items-center">
                      <MoveButtons
                        moveKey={`category-${category.id}`}
                        name={name}
                        first={index === 0}
                        last={index === list.length - 1}
                        onMove={(delta) => {
                          const ids = movedIds(list, category.id, delta);
                          if (!ids) return;
                          pendingFocus.current = {
                            key: `category-${category.id}`,
                            direction: delta < 0 ? "up" : "down",
                          };
                          setAnnouncement(
                            t("structure.moved", {
                              name,
                              position: ids.indexOf(category.id) + 1,
                              count: ids.length,
                            }),
                          );
                          reorder.mutate(ids, { onError: showError });
                        }}
                      />
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col">
                      <Link
                        to={`/af/categories/${category.id}`}
                        className="self-start rounded-sm font-medium text-fg hover:text-primary hover:underline focus-ring"
                      >
                        {name}
                      </Link>
                      <span className="text-xs text-fg-muted" lang={es ? "en" : "es"}>
                        {other}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs text-fg-muted md:table-cell">
                    {category.slug}
                  </TableCell>
                  <TableCell align="right" className="tabular-nums">
                    {category.course_count}
                  </TableCell>
                  <TableCell align="right" className="py-1">
                    <Button variant="ghost" size="sm" asChild>
                      <Link
                        to={`/af/categories/${category.id}`}
                        aria-label={t("categories.editNamed", { name })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="hidden sm:inline">{t("common.edit")}</span>
                      </Link>
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Container>
  );
}
