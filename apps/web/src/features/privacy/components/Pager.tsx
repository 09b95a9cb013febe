/** Pages of a privacy or e-book list (20 rows a page); nothing when everything fits on one. */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type AdminPaging, ListPaging, pagingTexts } from "../../../components/admin";

/** The paging of a privacy or e-book list, for AdminTable or Pager. */
export function deskPaging(
  t: TFunction<"privacy">,
  page: number,
  total: number,
  onPage: (page: number) => void,
): AdminPaging {
  return { page, total, perPage: 20, onPageChange: onPage, texts: pagingTexts(t) };
}

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
  return <ListPaging {...deskPaging(t, page, total, onPage)} />;
}
