/**
 * /ma/administrators: every administrator, head administrator and master administrator, for the
 * master administrator: filter by role and status, sort, disable or enable anyone
 * but themselves (the API refuses their own account; their row offers nothing).
 */
import { useTranslation } from "react-i18next";
import { useSession } from "../../../stores/session";
import { AdministratorTable } from "./AdministratorsPage";
import { AccountRowActions } from "./HeadAdminsPage";

export default function AllAdministratorsPage() {
  const { t } = useTranslation("administration");
  const me = useSession((s) => s.user?.id);
  return (
    <AdministratorTable
      area="all"
      title={t("allAdmins.title")}
      subtitle={t("allAdmins.subtitle")}
      actions={null}
      rowActions={(item, place) =>
        item.id === me ? null : <AccountRowActions item={item} place={place} area="all" />
      }
    />
  );
}
