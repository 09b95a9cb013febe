/**
 * Around every page (first-load code, kept small): the page title, the offline banner, the cookie
 * notice, and closing the side panels on every navigation (spec section 2).
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { OfflineBanner } from "../../features/shell/components/OfflineBanner";
import { cookieNoticeAccepted } from "../../features/shell/cookies";
import { useDocumentTitle } from "../../features/shell/hooks";
import { usePanels } from "../../stores/panels";

const CookieNotice = lazy(() => import("../../features/shell/components/CookieNotice"));

export function RootLayout() {
  const location = useLocation();
  const [askCookies] = useState(() => !cookieNoticeAccepted());
  useDocumentTitle();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which is what the address says
  useEffect(() => {
    usePanels.getState().closeAll();
  }, [location.pathname, location.search]);

  return (
    <>
      <OfflineBanner />
      <Outlet />
      {askCookies && (
        <Suspense fallback={null}>
          <CookieNotice />
        </Suspense>
      )}
    </>
  );
}
