import { greetingHours, limits } from "./constants";

/** Age in whole years on `today` for a date of birth in ISO form (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A user is a child when the age from the date of birth is under 13 (spec section 4). */
export function isChild(dateOfBirth: string | null | undefined, today: Date = new Date()): boolean {
  if (!dateOfBirth) return false;
  return ageOn(dateOfBirth, today) < limits.childAgeThreshold;
}

/**
 * A child's account, for which a parent acts (spec section 4): under 13 by its date of birth, or
 * registered by a guardian without an email of its own. The one place this rule is written.
 */
export function isChildAccount(account: {
  dateOfBirth: string | null;
  email: string | null;
  guardianEmail: string | null;
}): boolean {
  return isChild(account.dateOfBirth) || (account.email === null && account.guardianEmail !== null);
}

export type GreetingPart = "morning" | "afternoon" | "evening";

/** Morning before 12, afternoon from 12 to 17, evening from 18 (spec sections 1 and 9). */
export function greetingPart(hour: number): GreetingPart {
  if (hour < greetingHours.afternoonFrom) return "morning";
  if (hour < greetingHours.eveningFrom) return "afternoon";
  return "evening";
}

/** Avatar initials: the first letters of the two parts of the name split by an underscore. */
export function initialsOf(name: string): string {
  const [first = "", second = ""] = name.split("_");
  const initials = `${first.trim().charAt(0)}${second.trim().charAt(0)}`;
  return (initials || name.trim().charAt(0) || "?").toUpperCase();
}
