/**
 * Navigation that tells the person when it fails: "Could not navigate to the requested view"
 * (spec section 8) instead of silently staying put.
 */
import { useCallback } from "react";
import { type NavigateOptions, type To, useNavigate } from "react-router";
import { i18n } from "../i18n";
import { showError } from "./toast";

export function navigationFailed(error?: unknown): void {
  if (error) console.error(error);
  showError(i18n.t("errors.navigationFailed", { ns: "common" }));
}

export function useSafeNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      try {
        const result = navigate(to, options) as unknown;
        if (result instanceof Promise) result.catch(navigationFailed);
      } catch (error) {
        navigationFailed(error);
      }
    },
    [navigate],
  );
}
