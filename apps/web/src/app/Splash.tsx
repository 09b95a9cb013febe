import { Spinner } from "../components/ui/Spinner";

/** Shown while the stored session's user loads (spec section 4: the app shows after it), and while the router discovers the back office's routes on a first visit there. */
export function Splash() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background text-primary" aria-busy="true">
      <Spinner size="lg" />
    </div>
  );
}
