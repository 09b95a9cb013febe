/**
 * The server-and-client message catalogue. Each feature keeps its messages in its own file here
 * (`auth.ts`, `tickets.ts`, ...) with `en` and `es` side by side; add the file to `parts` below.
 * A unit test fails when a key exists in one language and not the other.
 */
import { administrationMessages } from "./administration";
import { authMessages } from "./auth";
import { backofficeMessages } from "./backoffice";
import { catalogMessages } from "./catalog";
import { commerceMessages } from "./commerce";
import { commonMessages } from "./common";
import { goalMessages } from "./goals";
import { helpdeskMessages } from "./helpdesk";
import { lectureMediaMessages } from "./lecture-media";
import { libraryMessages } from "./library";
import { messagingMessages } from "./messaging";
import { noticeMessages } from "./notices";
import { notificationMessages } from "./notifications";
import { privacyMessages } from "./privacy";
import { profileMessages } from "./profile";
import { quizMessages } from "./quizzes";
import { reportMessages } from "./reports";
import { reviewMessages } from "./reviews";
import { shopMessages } from "./shop";
import { supportMessages } from "./support";
import type { Catalogues } from "./translate";
import { wishlistMessages } from "./wishlist";

const parts: ReadonlyArray<{ en: Record<string, string>; es: Record<string, string> }> = [
  commonMessages,
  commerceMessages,
  authMessages,
  catalogMessages,
  notificationMessages,
  noticeMessages,
  supportMessages,
  helpdeskMessages,
  quizMessages,
  reviewMessages,
  profileMessages,
  backofficeMessages,
  administrationMessages,
  shopMessages,
  privacyMessages,
  libraryMessages,
  messagingMessages,
  reportMessages,
  goalMessages,
  wishlistMessages,
  lectureMediaMessages,
];

export const messages: Catalogues = {
  en: Object.assign({}, ...parts.map((p) => p.en)),
  es: Object.assign({}, ...parts.map((p) => p.es)),
};

export * from "./translate";
