/** Pages of a privacy or e-book list (20 rows a page); nothing when everything fits on one. */
import { useTranslation } from "react-i18next";
import { Pagination } from "../../../components/ui";

export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("privacy");
  const count = Math.ceil(total / 20);
  if (count <= 1) return null;
  return (
    <Pagination
      className="mt-4"
      page={page}
      pageCount={count}
      onPageChange={onPage}
      label={t("pagination")}
      previousLabel={t("previous")}
      nextLabel={t("next")}
      pageLabel={(p, c) => t("pageOf", { page: p, count: c })}
    />
  );
}
