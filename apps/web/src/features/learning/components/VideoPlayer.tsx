/**
 * The lecture video. The player itself (media-chrome, hls.js, the transcript) is a separate chunk
 * loaded by the lecture page only, so the rest of the app's first load does not carry it; a
 * skeleton of the same size holds its place meanwhile.
 */
import { lazy, Suspense } from "react";
import { Skeleton } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import type { LecturePlayerProps } from "./video/LecturePlayer";

export { REPORT_EVERY_MS } from "./video/useWatchReports";

const LecturePlayer = lazy(() => import("./video/LecturePlayer"));

export function VideoPlayer(props: Omit<LecturePlayerProps, "userId">) {
  const userId = useSession((state) => state.user?.id ?? null);
  return (
    <Suspense fallback={<Skeleton className="aspect-video w-full" />}>
      <LecturePlayer {...props} userId={userId} />
    </Suspense>
  );
}
