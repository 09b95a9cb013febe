/**
 * Where phone codes go on this deployment (GET /api/messaging/channels): by SMS, or to the
 * account's email when the operator configured no SMS provider. The forms say which.
 */
import type { MessagingChannels } from "@aprendo/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { get } from "../../../lib/http";

/** `enabled`: false until a page shows something that depends on it (no request before). */
export function usePhoneCodesBy(enabled = true): MessagingChannels["phone_codes_by"] {
  const { data } = useQuery({
    queryKey: ["messaging", "channels"],
    queryFn: () => get<MessagingChannels>("/messaging/channels"),
    enabled,
    // A deployment setting: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.phone_codes_by ?? "sms";
}

/** "We sent a 6-digit code to +44…", or "… to your email" when codes go by email. */
export function useCodeSentTo(enabled = true): (phone: string) => string {
  const { t } = useTranslation("auth");
  const by = usePhoneCodesBy(enabled);
  return (phone) => (by === "email" ? t("code.sentToEmail") : t("code.sentTo", { phone }));
}
