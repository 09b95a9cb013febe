/** Profile, verification and certificates: request and response shapes. */
import { z } from "zod";
import { limits } from "../domain/constants";
import { genders, occupations, verificationStatuses } from "../domain/enums";
import { sortQuery } from "./common";
import { dateField, emailField, msg, phoneField, text, urlField, usernameField } from "./validators";

export const profileLimits = {
  nameMax: 60,
  addressMin: 3,
  addressMax: 200,
  cityMin: 2,
  cityMax: 100,
  postalCodeMin: 2,
  postalCodeMax: 20,
  photoMaxBytes: limits.photoMaxBytes,
  identityMaxBytes: limits.identityFileMaxBytes,
  photoMaxAgeMonths: 6,
} as const;

export const socialFields = [
  "facebook_url",
  "snapchat_url",
  "twitter_url",
  "instagram_url",
  "youtube_url",
  "pinterest_url",
  "linkedin_url",
] as const;

/** Optional text with a minimum once something is typed (country, city, address, postal code). */
function boundedOptional(min: number, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: msg.max(max) })
    .refine((v) => v === "" || v.length >= min, { error: msg.min(min) })
    .nullish()
    .transform((v) => (v ? v : null));
}

const verification = z.object({
  status: z.enum(verificationStatuses),
  failure_reason: z.string().nullable(),
  uploaded: z.boolean(),
});

export const profileBody = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  pending_email: z.string().nullable(),
  pending_phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
  occupation: z.enum(occupations).nullable(),
  facebook_url: z.string().nullable(),
  snapchat_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  instagram_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  pinterest_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  language_id: z.number().int(),
  last_active: z.string().nullable(),
  photo: verification,
  identity: verification,
  /** What is missing before certificates can be viewed (spec section 8 profile warnings). */
  missing: z.array(z.enum(["profile", "photo", "identity"])),
});
export type ProfileBody = z.infer<typeof profileBody>;

export const profileInput = z.object({
  username: usernameField,
  first_name: text(1, profileLimits.nameMax),
  last_name: text(1, profileLimits.nameMax),
  date_of_birth: dateField,
  gender: z.enum(genders, { error: "profile.gender" }),
  email: emailField,
  phone: z.union([z.literal("").transform(() => null), phoneField]).nullish(),
  address: boundedOptional(profileLimits.addressMin, profileLimits.addressMax),
  city: boundedOptional(profileLimits.cityMin, profileLimits.cityMax),
  country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, { error: "profile.country" })
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  postal_code: boundedOptional(profileLimits.postalCodeMin, profileLimits.postalCodeMax),
  occupation: z
    .union([z.literal("").transform(() => null), z.enum(occupations, { error: "profile.occupation" })])
    .nullish(),
  facebook_url: urlField,
  snapchat_url: urlField,
  twitter_url: urlField,
  instagram_url: urlField,
  youtube_url: urlField,
  pinterest_url: urlField,
  linkedin_url: urlField,
  language_id: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type ProfileInput = z.input<typeof profileInput>;

export const profileSaveBody = z.object({
  message: z.string(),
  profile: profileBody,
});

export const contactConfirmInput = z.object({
  kind: z.enum(["email", "phone"]),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: "profile.contactCodeInvalid" }),
});

export const reviewInput = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve") }),
  z.object({ decision: z.literal("reject"), reason: text(3, 300) }),
]);

export const pendingReviewItem = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  photo: verification,
  identity: verification,
  updated_at: z.string(),
});
export const pendingReviewList = z.object({ data: z.array(pendingReviewItem), total: z.number().int() });

export const certificateKindEnum = z.enum(["title", "module", "level"]);
export const certificateItem = z.object({
  id: z.number().int(),
  kind: certificateKindEnum,
  item: z.string(),
  /** The item's language when not the interface's (WCAG 3.1.2), as the catalogue's `title_lang`. */
  item_lang: z.enum(["en", "es"]).optional(),
  course_id: z.number().int(),
  code: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  verify_url: z.string(),
});
export type CertificateItem = z.infer<typeof certificateItem>;

export const certificateList = z.object({
  data: z.array(certificateItem),
  locked: z.boolean(),
  missing: z.array(z.enum(["profile", "photo", "identity"])),
});

export const adminCertificateItem = certificateItem.extend({
  user_id: z.number().int(),
  username: z.string(),
  learner_name: z.string(),
  revoke_reason: z.string().nullable(),
});
export const adminCertificateList = z.object({
  data: z.array(adminCertificateItem),
  total: z.number().int(),
  next_page_url: z.string().nullable(),
});
export const certificateSortKeys = ["learner", "item", "issued_at", "code", "status"] as const;
export type CertificateSortKey = (typeof certificateSortKeys)[number];
export const adminCertificateQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: sortQuery(certificateSortKeys),
  status: z.enum(["all", "valid", "suspended", "revoked"]).default("all"),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const revokeInput = z.object({ reason: text(3, 300) });

export const certificateVerification = z.object({
  status: z.enum(["valid", "revoked", "suspended", "unknown"]),
  code: z.string(),
  learner_name: z.string().nullable(),
  item: z.string().nullable(),
  item_lang: z.enum(["en", "es"]).optional(),
  kind: certificateKindEnum.nullable(),
  issued_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

/** A credential to check, as a compact JWT, the JSON credential, or a baked PNG (base64). */
export const credentialVerifyInput = z.object({
  jwt: z.string().trim().max(20_000).optional(),
  credential: z.record(z.string(), z.unknown()).optional(),
  png: z.string().max(2_000_000).optional(),
});
export const credentialVerifyQuery = z.object({ jwt: z.string().trim().min(1).max(8_000) });
export const credentialVerification = z.object({
  format: z.enum(["jwt", "json"]),
  /** The issuer's signature: valid, altered or badly formed, or signed by someone other than us. */
  signature: z.enum(["valid", "invalid", "unknown_issuer"]),
  status: z.enum(["valid", "revoked", "suspended", "unknown"]),
  code: z.string().nullable(),
  issuer: z.object({ id: z.string(), name: z.string() }).nullable(),
  learner_name: z.string().nullable(),
  achievement: z.string().nullable(),
  kind: certificateKindEnum.nullable(),
  valid_from: z.string().nullable(),
  revoked_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
});
export type CredentialVerification = z.infer<typeof credentialVerification>;

/** A learner's opt-in public certificates page: lower-case letters, digits and hyphens. */
export const publicProfileInput = z.object({
  handle: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/, { error: "credentials.handleInvalid" }),
});
export const myPublicProfile = z.object({ handle: z.string().nullable(), url: z.string().nullable() });
export const myPublicProfileSaved = myPublicProfile.extend({ message: z.string() });
export const publicProfile = z.object({
  handle: z.string(),
  name: z.string(),
  data: z.array(
    z.object({ item: z.string(), kind: certificateKindEnum, issued_at: z.string(), verify_url: z.string() }),
  ),
});
export type PublicProfile = z.infer<typeof publicProfile>;
