/** The learner area's frame: promo banner, side navigation, top bar, keep-alive pages, the mobile app modal. */

import { Role } from "@aprendo/contract/domain";
import { AppShell } from "../../features/shell/components/AppShell";
import { KeepAliveOutlet } from "../../features/shell/components/KeepAliveOutlet";
import { MobileAppModal } from "../../features/shell/components/MobileAppModal";
import { PromoBanner } from "../../features/shell/components/PromoBanner";

export default function LearnerLayout() {
  return (
    <AppShell roleId={Role.learner} above={<PromoBanner />}>
      <KeepAliveOutlet />
      <MobileAppModal />
    </AppShell>
  );
}
