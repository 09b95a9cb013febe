/**
 * The back office's dashboard, users, configuration, institutions and login issues:
 *   GET  /af/dashboard?period=                     role 3   -> dashboardBody
 *   GET  /af/platform-users                        role 3   -> platformUsersBody
 *   GET  /af/users?search&role&status&country&child&cursor&per_page   user manager -> userAdminList (keyset)
 *   GET  /af/users/export.csv?(same filters)       user export manager -> text/csv, streamed
 *   GET  /af/users/:id                             user manager -> { data: userAdminDetail }
 *   PUT  /af/users/:id/status { status }           user manager (disable / enable)
 *   PUT  /af/users/:id/profile adminUserProfileInput user manager (a learner's profile fields, audited)
 *   POST /af/users/:id/password-reset              user manager (mails the reset link, audited)
 *   DELETE /af/users/:id                           able to delete users (starts the deletion grace period)
 *   GET  /af/configurations?searchText=            config manager
 *   PUT  /af/configurations/:id { status, value, description }   config manager
 *   GET|POST /af/institutions, GET|PUT|DELETE /af/institutions/:id          role 3 (writes: user manager)
 *   GET|POST /af/classes, GET|PUT|DELETE /af/classes/:id, POST /af/classes/:id/members,
 *   DELETE /af/classes/:id/members/:userId, POST /af/classes/:id/enrolments { course_id }
 *   GET  /af/course-options                        role 3 (titles to enrol a class in)
 *   POST /external-login-issues                    public ("Can't log in?")
 *   GET  /af/external-login-issues?status=&page=   role 3
 *   GET  /af/external-login-issues/:id             role 3
 *   POST /af/external-login-issues/:id/actions     role 3 (changing the account: user manager)
 */
import { z } from "zod";
import { messageBody, paginated, sortQuery } from "./common";
import { profileInput } from "./profile";
import { emailField, idParam, msg, optionalId, optionalText, text } from "./validators";

/* ------------------------------------------------------------------ dashboard */

export const dashboardPeriods = ["7d", "30d", "90d", "365d"] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const dashboardQuery = z.object({ period: z.enum(dashboardPeriods).default("30d") });

const figure = z.object({ value: z.number(), previous: z.number() });
export const dashboardBody = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  to: z.string(),
  figures: z.object({
    registrations: figure,
    active_learners: figure,
    enrolments: figure,
    revenue_pence: figure,
  }),
  tickets: z.object({ open: z.number(), unclaimed: z.number(), in_progress: z.number() }),
  approvals: z.object({ photo: z.number(), identity: z.number() }),
  login_issues_open: z.number(),
  /** Null when the shop is not installed. */
  low_stock: z
    .array(z.object({ id: z.number(), name: z.string(), stock: z.number(), threshold: z.number() }))
    .nullable(),
  /** One point per day (or per week for a year). */
  series: z.array(
    z.object({
      date: z.string(),
      registrations: z.number(),
      enrolments: z.number(),
      revenue_pence: z.number(),
    }),
  ),
});
export type DashboardBody = z.infer<typeof dashboardBody>;

export const platformUsersBody = z.object({
  total: z.number(),
  by_role: z.array(z.object({ role_id: z.number(), count: z.number() })),
  by_status: z.array(z.object({ status: z.string(), count: z.number() })),
  learners: z.object({
    total: z.number(),
    children: z.number(),
    verified_email: z.number(),
    active_30d: z.number(),
    newsletter: z.number(),
  }),
  top_countries: z.array(z.object({ country: z.string(), count: z.number() })),
  /** Registrations and first activity per month, the last 12 months. */
  trend: z.array(z.object({ month: z.string(), registrations: z.number(), active: z.number() })),
});
export type PlatformUsersBody = z.infer<typeof platformUsersBody>;

/* ------------------------------------------------------------------ users */

export const userStatuses = ["active", "disabled", "pending_deletion", "erased"] as const;
export const userFilters = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(3), z.literal(4), z.literal(5)]))
    .optional(),
  status: z.enum(userStatuses).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  child: z.enum(["yes", "no"]).optional(),
});
export type UserFilters = z.infer<typeof userFilters>;
/** The columns the users list sorts by (`sort=name`, `sort=-last_active_at`); newest first without one. */
export const userSortKeys = [
  "name",
  "username",
  "email",
  "role",
  "status",
  "country",
  "created_at",
  "last_active_at",
] as const;
export type UserSortKey = (typeof userSortKeys)[number];
export const userListQuery = userFilters.extend({
  sort: sortQuery(userSortKeys),
  /**
   * Keyset paging: the last id of the previous page. With a `sort`, the next page starts after that
   * row's place in the order (its sort value, then its id), so paging stays keyset in any order.
   */
  cursor: idParam.optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userRow = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role_id: z.number(),
  status: z.string(),
  country: z.string().nullable(),
  is_child: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRow>;
export const userAdminList = z.object({
  data: z.array(userRow),
  next_cursor: z.number().nullable(),
  total: z.number(),
});
export type UserAdminList = z.infer<typeof userAdminList>;

export const userAdminDetail = userRow.extend({
  date_of_birth: z.string().nullable(),
  language_id: z.number(),
  email_verified_at: z.string().nullable(),
  phone_verified_at: z.string().nullable(),
  guardian_email: z.string().nullable(),
  newsletter_consent: z.boolean(),
  deletion_requested_at: z.string().nullable(),
  profile: z
    .object({
      gender: z.string().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      postal_code: z.string().nullable(),
      occupation: z.string().nullable(),
      photo_status: z.string(),
      identity_status: z.string(),
    })
    .nullable(),
  enrolments: z.array(
    z.object({
      course_id: z.number(),
      title: z.string(),
      source: z.string(),
      enrolled_at: z.string(),
      last_activity_at: z.string().nullable(),
      lectures: z.number(),
      completed: z.number(),
    }),
  ),
  tickets: z.array(
    z.object({ id: z.number(), subject: z.string().nullable(), status: z.string(), created_at: z.string() }),
  ),
  classes: z.array(z.object({ id: z.number(), name: z.string(), institution: z.string() })),
});
export type UserAdminDetail = z.infer<typeof userAdminDetail>;
export const userAdminEnvelope = z.object({ data: userAdminDetail });

export const userStatusInput = z.object({ status: z.enum(["active", "disabled"]) });

/**
 * A user manager corrects a learner's profile: the learner's own profile form's
 * fields and rules (same messages), except the email and phone, which the learner confirms by a code
 * (an administrator changes them from a login issue, after checking who the person is).
 */
export const adminUserProfileInput = profileInput.pick({
  username: true,
  first_name: true,
  last_name: true,
  date_of_birth: true,
  gender: true,
  address: true,
  city: true,
  country: true,
  postal_code: true,
  occupation: true,
  language_id: true,
});
export type AdminUserProfileInput = z.input<typeof adminUserProfileInput>;

/* ------------------------------------------------------------------ configuration */

const hexColour = z
  .string({ error: msg.required })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "backoffice.config.colour" });

/** The promo bar's value (spec section 3). */
export const promoBarValue = z.object({
  bannerFirstText: text(1, 120),
  bannerSecondText: z
    .string()
    .trim()
    .max(120, { error: msg.max(120) }),
  bannerPlaceholder: z
    .string()
    .trim()
    .max(40, { error: msg.max(40) }),
  /** The Spanish texts (the banner was once English-only); empty means the English text. */
  bannerFirstTextEs: z
    .string()
    .trim()
    .max(120, { error: msg.max(120) })
    .optional(),
  bannerSecondTextEs: z
    .string()
    .trim()
    .max(120, { error: msg.max(120) })
    .optional(),
  bannerBgColorLeft: hexColour,
  bannerBgColorRight: hexColour,
  bannerPlaceholderBgColor: hexColour,
  bannerTextColor: hexColour,
});
export type PromoBarValue = z.infer<typeof promoBarValue>;

export const configurationAdminEntry = z.object({
  id: z.number(),
  key: z.string(),
  description: z.string(),
  status: z.number(),
  is_public: z.boolean(),
  value: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});
export type ConfigurationAdminEntry = z.infer<typeof configurationAdminEntry>;
export const configurationAdminList = z.object({ data: z.array(configurationAdminEntry) });
export const configurationSaved = messageBody.extend({ data: configurationAdminEntry });
export const configurationInput = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  description: z
    .string()
    .trim()
    .max(500, { error: msg.max(500) })
    .default(""),
  value: z.record(z.string(), z.unknown()),
});
export type ConfigurationInput = z.infer<typeof configurationInput>;

/* ------------------------------------------------------------------ institutions and classes */

export const institutionKinds = ["school", "company", "other"] as const;
export const institutionInput = z.object({
  name: text(2, 120),
  kind: z.enum(institutionKinds, { error: msg.oneOf }),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "backoffice.country" })
    .transform((v) => v.toUpperCase())
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
  city: optionalText(100),
  contact_email: emailField
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
});
export type InstitutionInput = z.input<typeof institutionInput>;
export const institution = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(institutionKinds),
  country: z.string().nullable(),
  city: z.string().nullable(),
  contact_email: z.string().nullable(),
  classes: z.number(),
  learners: z.number(),
  created_at: z.string(),
});
export type Institution = z.infer<typeof institution>;
export const institutionSaved = messageBody.extend({ data: institution });
export const institutionList = paginated(institution);
export const listSearchQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const institutionSortKeys = [
  "name",
  "kind",
  "country",
  "city",
  "classes",
  "learners",
  "created_at",
] as const;
export type InstitutionSortKey = (typeof institutionSortKeys)[number];
export const institutionListQuery = listSearchQuery.extend({ sort: sortQuery(institutionSortKeys) });
export const classSortKeys = ["name", "institution", "members", "courses", "created_at"] as const;
export type ClassSortKey = (typeof classSortKeys)[number];
export const classListQuery = listSearchQuery.extend({
  institution_id: optionalId,
  sort: sortQuery(classSortKeys),
});

export const classInput = z.object({
  name: text(2, 120),
  institution_id: idParam,
});
export type ClassInput = z.input<typeof classInput>;
export const learnerClass = z.object({
  id: z.number(),
  name: z.string(),
  institution_id: z.number(),
  institution: z.string(),
  members: z.number(),
  courses: z.number(),
  created_at: z.string(),
});
export type LearnerClass = z.infer<typeof learnerClass>;
export const classList = paginated(learnerClass);
export const classDetail = learnerClass.extend({
  member_list: z.array(
    z.object({ id: z.number(), username: z.string(), name: z.string(), email: z.string().nullable() }),
  ),
  course_list: z.array(z.object({ id: z.number(), title: z.string(), enrolled_at: z.string() })),
});
export type ClassDetail = z.infer<typeof classDetail>;
export const classEnvelope = z.object({ data: classDetail });
export const classSaved = messageBody.extend({ data: classDetail });
/** Learners to add, by username or email (one per line in the form). */
export const classMembersInput = z.object({
  identifiers: z.array(z.string().trim().min(1).max(254)).min(1, { error: msg.required }).max(500),
});
export const classMembersResult = z.object({
  message: z.string(),
  added: z.number(),
  not_found: z.array(z.string()),
});
export const classEnrolmentInput = z.object({
  course_id: idParam,
});
export const classEnrolmentResult = z.object({
  message: z.string(),
  enrolled: z.number(),
  already: z.number(),
});
export const courseOptions = z.object({ data: z.array(z.object({ id: z.number(), title: z.string() })) });

/* ------------------------------------------------------------------ external login issues */

export const loginIssueReasons = ["lost_phone", "changed_email", "forgot_username", "other"] as const;
export const loginIssueStatuses = ["open", "in_progress", "resolved", "rejected"] as const;
export type LoginIssueStatus = (typeof loginIssueStatuses)[number];
export const loginIssueInput = z.object({
  full_name: text(2, 120),
  account_identifier: text(3, 254),
  contact_email: emailField,
  reason: z.enum(loginIssueReasons, { error: msg.oneOf }),
  description: text(10, 2000),
});
export type LoginIssueInput = z.input<typeof loginIssueInput>;

export const loginIssueActionKinds = [
  "note",
  "contacted",
  "email_changed",
  "phone_removed",
  "reset_link_sent",
  "status_changed",
] as const;
export const loginIssueActionInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("note"), note: text(2, 2000) }),
  z.object({ kind: z.literal("contacted"), note: text(2, 2000) }),
  /** Sets the account's email to the one the person can reach now (marked verified: the admin checked). */
  z.object({ kind: z.literal("email_changed"), email: emailField, note: optionalText(2000) }),
  /** Removes a lost phone number so the person can log in with email or username. */
  z.object({ kind: z.literal("phone_removed"), note: optionalText(2000) }),
  z.object({ kind: z.literal("reset_link_sent"), note: optionalText(2000) }),
  z.object({
    kind: z.literal("status_changed"),
    status: z.enum(loginIssueStatuses),
    note: optionalText(2000),
  }),
]);
export type LoginIssueActionInput = z.input<typeof loginIssueActionInput>;

export const loginIssue = z.object({
  id: z.number(),
  full_name: z.string(),
  account_identifier: z.string(),
  contact_email: z.string(),
  reason: z.enum(loginIssueReasons),
  description: z.string(),
  status: z.enum(loginIssueStatuses),
  user: z
    .object({
      id: z.number(),
      username: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  assigned_to: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type LoginIssue = z.infer<typeof loginIssue>;
export const loginIssueList = paginated(loginIssue);
export const loginIssueSortKeys = [
  "full_name",
  "account_identifier",
  "reason",
  "status",
  "created_at",
] as const;
export type LoginIssueSortKey = (typeof loginIssueSortKeys)[number];
export const loginIssueListQuery = listSearchQuery.extend({
  status: z.enum(loginIssueStatuses).optional(),
  sort: sortQuery(loginIssueSortKeys),
});
export const loginIssueDetail = loginIssue.extend({
  actions: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(loginIssueActionKinds),
      note: z.string(),
      admin: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type LoginIssueDetail = z.infer<typeof loginIssueDetail>;
export const loginIssueEnvelope = z.object({ data: loginIssueDetail });
export const loginIssueActed = messageBody.extend({ data: loginIssueDetail });
