import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names and drops falsy ones. There is no tailwind-merge: a className passed to a component
 * does not reliably override a conflicting class of the component, so components expose variants instead.
 */
export function cn(...classes: ClassValue[]): string {
  return clsx(classes);
}
