/**
 * The profile area's sections (spec section 2: /iu/profile/...), in the order of its navigation.
 * "My library" lives at /iu/library but is part of what a learner owns, so the area links to it.
 */
import {
  Award,
  BellRing,
  CreditCard,
  KeyRound,
  Library,
  type LucideIcon,
  Receipt,
  Trash2,
  UserRound,
} from "lucide-react";

export type ProfileSection = {
  /** Key under `nav.` in the profile namespace. */
  key: string;
  to: string;
  icon: LucideIcon;
  /** Not for a child's account (payment settings: spec section 2 sends children to /404). */
  adultsOnly?: boolean;
  /** Shown apart, last, in the danger colour. */
  danger?: boolean;
};

export const profileSections: readonly ProfileSection[] = [
  { key: "info", to: "/iu/profile/info", icon: UserRound },
  { key: "changePassword", to: "/iu/profile/change-password", icon: KeyRound },
  { key: "payment", to: "/iu/profile/payment", icon: CreditCard, adultsOnly: true },
  { key: "history", to: "/iu/profile/history", icon: Receipt },
  { key: "library", to: "/iu/library", icon: Library },
  { key: "certificates", to: "/iu/profile/certificates", icon: Award },
  { key: "learningMails", to: "/iu/profile/notifications", icon: BellRing },
  { key: "deleteAccount", to: "/iu/profile/delete-account", icon: Trash2, danger: true },
];

/** The sections this learner may open. */
export function profileSectionsFor(isChild: boolean): ProfileSection[] {
  return profileSections.filter((section) => !(isChild && section.adultsOnly));
}

/** The section a path belongs to (certificates/12 is Certificates), for the phone's select. */
export function currentSection(
  sections: readonly ProfileSection[],
  pathname: string,
): ProfileSection | undefined {
  return sections.find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`));
}
