/**
 * /af/salary-scales (isSalaryScaleManager): one page with three tabs in its address (`?tab=`):
 * countries (the default), household income categories, and learners' declarations.
 */
import { useSearchParams } from "react-router";
import { salaryScaleTab } from "../components/SalaryScalesNav";
import DeclarationsPage from "./DeclarationsPage";
import IncomeCategoriesPage from "./IncomeCategoriesPage";
import SalaryScalesPage from "./SalaryScalesPage";

export default function SalaryScalesAreaPage() {
  const [params] = useSearchParams();
  const tab = salaryScaleTab(params);
  return tab === "categories" ? (
    <IncomeCategoriesPage />
  ) : tab === "declarations" ? (
    <DeclarationsPage />
  ) : (
    <SalaryScalesPage />
  );
}
