import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { ApiError, isSilentError } from "../lib/http/errors";
import { onLogout } from "../lib/logout";
import { reportUnexpected } from "../lib/report-error";
import { Toaster } from "../lib/Toaster";
import { startApp, useAppReady } from "./bootstrap";
import { discoverRoutes, routes } from "./routes";
import { Splash } from "./Splash";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Only a call that may succeed on a second try is repeated: not offline, not a 4xx answer.
      retry: (failures, error) =>
        failures < 1 && !isSilentError(error) && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });

// Nothing of the previous user stays cached after logout.
onLogout(() => queryClient.clear());
// The cart follows the session (a learner's server cart) and other tabs from here on. The cart store
// loads beside the first page rather than in the initial bundle, which has a budget of its own.
import("../stores/cart")
  .then(({ startCartSync }) => startCartSync())
  .catch(reportUnexpected("starting the cart's sync"));
void startApp((to, options) => router.navigate(to, { replace: true, ...options }));

export function App() {
  const ready = useAppReady();
  return (
    <QueryClientProvider client={queryClient}>
      {ready ? (
        // Feature translations load with their pages; this boundary waits for them.
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      ) : (
        <Splash />
      )}
      <Toaster />
    </QueryClientProvider>
  );
}
