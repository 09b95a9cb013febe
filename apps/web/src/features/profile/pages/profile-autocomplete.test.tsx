/** WCAG 1.3.5: every personal field of the profile says what it holds. */
import { privacyExportState, profileBody } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import ProfileInfoPage from "./ProfileInfoPage";

const verification = { status: "pending", failure_reason: null, uploaded: false } as const;
const profile = {
  id: 7,
  username: "ana",
  first_name: "Ana",
  last_name: "López",
  date_of_birth: "1992-03-14",
  gender: null,
  email: "ana@example.com",
  phone: null,
  pending_email: null,
  pending_phone: null,
  address: null,
  city: null,
  country: null,
  postal_code: null,
  occupation: null,
  facebook_url: null,
  snapchat_url: null,
  twitter_url: null,
  instagram_url: null,
  youtube_url: null,
  pinterest_url: null,
  linkedin_url: null,
  language_id: 1,
  last_active: null,
  photo: verification,
  identity: verification,
  missing: [],
};

describe("profile information form", () => {
  it("marks birthday, gender, language, street line and country with their autocomplete tokens", async () => {
    server.use(
      api.get("/iu/profile", profileBody, profile),
      api.get("/iu/privacy/export", privacyExportState, { data: null }),
    );
    await renderPage(<ProfileInfoPage />, "/iu/profile/info", { user: {} });
    const token = (label: RegExp) => screen.getByLabelText(label).getAttribute("autocomplete");
    await screen.findByLabelText(/^Date of birth/);
    expect(token(/^Date of birth/)).toBe("bday");
    expect(token(/^Gender/)).toBe("sex");
    expect(token(/^Preferred language/)).toBe("language");
    expect(token(/^Address/)).toBe("address-line1");
    expect(token(/^Country/)).toBe("country");
    expect(token(/^First name/)).toBe("given-name");
  });
});
