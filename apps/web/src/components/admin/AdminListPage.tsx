/**
 * The frame of a back-office list page: title and actions, optional sub-navigation and filters, then
 * the table with its loading, failed and empty states, and paging when there is more than one page.
 * Pages give the columns and how one row's cells look; the scaffold draws everything around them.
 */
import type { ReactNode } from "react";
import { Container, PageHeader } from "../ui";
import { AdminTable, type AdminTableProps } from "./AdminTable";
import { FiltersBar } from "./FiltersBar";
import { BackLink } from "./FormPage";

export type AdminListPageProps<Row> = Omit<AdminTableProps<Row>, "caption" | "columns" | "cells"> &
  Required<Pick<AdminTableProps<Row>, "columns" | "cells">> & {
    /** The page's title, also the table's caption. */
    title: string;
    subtitle?: ReactNode;
    /** A link above the title to the page this list belongs to. */
    back?: { to: string; label: string };
    /** Buttons beside the title (Create, links to related lists...). */
    actions?: ReactNode;
    /** Drawn between the header and the list, e.g. the section's tabs. */
    nav?: ReactNode;
    /** The fields of the filters bar; the bar is left out when there are none. */
    filters?: ReactNode;
    /** Other things of the page (dialogs...), drawn after the list. */
    children?: ReactNode;
  };

export function AdminListPage<Row>({
  title,
  subtitle,
  back,
  actions,
  nav,
  filters,
  children,
  ...table
}: AdminListPageProps<Row>) {
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        above={back && <BackLink {...back} />}
        title={title}
        subtitle={subtitle}
        actions={actions}
      />
      {nav}
      {filters && <FiltersBar>{filters}</FiltersBar>}
      <AdminTable caption={title} {...table} />
      {children}
    </Container>
  );
}
