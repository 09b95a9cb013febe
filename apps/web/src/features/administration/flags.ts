/**
 * The 30 permission flags arranged for people: sections of related flags, and the admin pages each
 * flag opens (from the contract's page table, so the picker and the route guards never disagree).
 */
import {
  type AdminPage,
  adminPagePermissions,
  Permission,
  type PermissionName,
  permissionName,
} from "@aprendo/contract/domain";

export const flagSections = [
  {
    key: "support",
    flags: [
      "isTicketContentManager",
      "isTicketSystemManager",
      "isTicketSubjectManager",
      "isTicketLessonQAManager",
      "isTicketTeamLeadership",
      "isTicketRefundManager",
      "isTicketGDPRManager",
    ],
  },
  {
    key: "learning",
    flags: [
      "isCourseManager",
      "isAbleToUpdateCourseStatus",
      "isAbleToBulkUploadQuizzes",
      "isEbookManager",
      "isCategoryManager",
      "isEventManager",
      "isFaqManager",
      "isFaqCategoryManager",
    ],
  },
  {
    key: "people",
    flags: [
      "isUserManager",
      "isAbleToDeleteUsers",
      "isAbleToViewUserPurchaseHistory",
      "isUserExportManager",
      "isGDPRManager",
    ],
  },
  {
    key: "sales",
    flags: [
      "isOrderManager",
      "isRefundsManager",
      "isAbleToViewRefunds",
      "isCouponManager",
      "isPhysicalProductManager",
      "isSponsorshipManager",
      "isSalaryScaleManager",
    ],
  },
  {
    key: "platform",
    flags: ["isGlobalNotificationsManager", "isAdvertManager", "isConfigManager"],
  },
] as const satisfies readonly { key: string; flags: readonly PermissionName[] }[];

/** The admin pages a flag opens on its own. */
export function pagesOpenedBy(flag: PermissionName): AdminPage[] {
  return (Object.keys(adminPagePermissions) as AdminPage[]).filter((page) =>
    (adminPagePermissions[page] as readonly PermissionName[]).includes(flag),
  );
}

/** The admin pages a set of flag numbers opens. */
export function pagesOpenedByIds(ids: readonly number[]): AdminPage[] {
  const names = ids.map(permissionName).filter((n): n is PermissionName => n !== undefined);
  return (Object.keys(adminPagePermissions) as AdminPage[]).filter((page) =>
    (adminPagePermissions[page] as readonly PermissionName[]).some((flag) => names.includes(flag)),
  );
}

export const flagId = (name: PermissionName) => Permission[name];
export { permissionName };
