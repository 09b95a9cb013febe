/**
 * /af/salary-scales?tab=declarations (isSalaryScaleManager): learners' declarations, newest first, to
 * confirm or reject with a reason; a learner's name opens their page (with the same review).
 */
import type { SalaryScaleReviewStatus } from "@aprendo/contract";
import { salaryScaleReviewStatuses } from "@aprendo/contract";
import { FileCheck2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  listTexts,
  pagingTexts,
  SearchInput,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { EmptyState, Field, Select, TableCell } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { declarationsPerPage, useDeclarations } from "../api";
import { ReviewBadge, ReviewButtons } from "../components/DeclarationReview";
import { SalaryScalesNav } from "../components/SalaryScalesNav";

const defaults = { status: "declared", q: "", page: "1", sort: "" };

export default function DeclarationsPage() {
  const { t, i18n } = useTranslation("salary-scales");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const status = (salaryScaleReviewStatuses as readonly string[]).includes(state.status)
    ? (state.status as SalaryScaleReviewStatus)
    : "";
  const list = useDeclarations({ status, search: state.q, sort: state.sort, page: Number(state.page) || 1 });
  return (
    <AdminListPage
      title={t("declarations.title")}
      subtitle={t("declarations.subtitle")}
      nav={<SalaryScalesNav className="mb-4" />}
      filters={
        <>
          <Field label={t("declarations.search")} className="min-w-0 flex-[2]">
            {(control) => (
              <SearchInput
                id={control.id}
                value={state.q}
                onSearch={(q) => update({ q, page: "1" })}
                label={t("declarations.search")}
                placeholder={t("declarations.searchPlaceholder")}
              />
            )}
          </Field>
          <Field label={t("declarations.statusFilter")} className="sm:w-56">
            <Select value={state.status} onChange={(e) => update({ status: e.target.value, page: "1" })}>
              <option value="all">{t("declarations.all")}</option>
              {salaryScaleReviewStatuses.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
        </>
      }
      query={list}
      sort={urlSort(state, update)}
      rows={list.data?.data ?? []}
      rowKey={(d) => d.user.id}
      texts={{ ...listTexts(t), actions: t("actions") }}
      paging={urlPaging(state, update, list.data?.total, declarationsPerPage, pagingTexts(t))}
      empty={
        <EmptyState
          icon={<FileCheck2 />}
          title={t("declarations.empty")}
          text={t("declarations.emptyText")}
        />
      }
      columns={[
        { header: t("declarations.learner"), sortKey: "learner" },
        { header: t("declarations.country"), sortKey: "country" },
        { header: t("declarations.category"), sortKey: "category" },
        { header: t("declarations.declared"), sortKey: "declared_at" },
        { header: t("declarations.discount"), align: "right", sortKey: "discount" },
        { header: t("declarations.review") },
      ]}
      cardsBelow="md"
      card={(d) => (
        <div className="flex flex-col gap-1">
          <span className="flex items-center justify-between gap-2">
            <Link
              to={`/af/users/${d.user.id}`}
              className="font-medium text-primary hover:underline focus-ring"
            >
              {d.user.name || d.user.username}
            </Link>
            <ReviewBadge status={d.review_status} />
          </span>
          <span className="text-sm text-fg">
            {d.scale?.name ?? d.country} · {d.household_income_category.name}
          </span>
          <span className="text-xs text-fg-muted">
            {t("declarations.statementTrue", { date: formatDate(d.declared_at, language) })}
          </span>
          <ReviewButtons declaration={d} />
        </div>
      )}
      cells={(d) => (
        <>
          <TableCell>
            <Link to={`/af/users/${d.user.id}`} className="flex flex-col rounded-sm focus-ring">
              <span className="font-medium text-primary hover:underline">
                {d.user.name || d.user.username}
              </span>
              <span className="text-xs text-fg-muted">@{d.user.username}</span>
            </Link>
          </TableCell>
          <TableCell>{d.scale ? `${d.scale.name} (${d.country})` : d.country}</TableCell>
          <TableCell>{d.household_income_category.name}</TableCell>
          <TableCell className="whitespace-nowrap">{formatDate(d.declared_at, language)}</TableCell>
          <TableCell align="right" className="tabular-nums">
            {d.discount_percentage === null ? "—" : `${d.discount_percentage}%`}
          </TableCell>
          <TableCell>
            <ReviewBadge status={d.review_status} />
          </TableCell>
        </>
      )}
      rowActions={(d) => <ReviewButtons declaration={d} />}
    />
  );
}
