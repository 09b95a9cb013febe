/** Enumerations shared by server and client (spec section 3 and 4). */

export const NotificationType = {
  supportTicket: 1,
  global: 2,
  certificate: 3,
  lessonQaTicket: 4,
  congratulations: 5,
} as const;
export type NotificationTypeId = (typeof NotificationType)[keyof typeof NotificationType];

export const paymentTypes = [
  "ebook",
  "course",
  "exam_accesses",
  "physical_product",
  "shipping",
  "sponsorship",
] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const cartItemTypes = ["course", "ebook", "exam_accesses", "physical_product", "sponsorship"] as const;
export type CartItemType = (typeof cartItemTypes)[number];

export const paymentStatuses = ["paid", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const verificationStatuses = ["pending", "processing", "failed", "completed"] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const ticketStatuses = ["unclaimed", "in_progress", "resolved"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const genders = ["male", "female", "other"] as const;
export type Gender = (typeof genders)[number];

export const occupations = [
  "student_school",
  "student_undergraduate",
  "student_postGraduate",
  "accounting",
  "admin_clerical_customerService",
  "banking_finance_brokerage",
  "construction_trade",
  "engineering",
  "foodService_restaurant_hospitality",
  "humanResources",
  "informationTechnology",
  "insurance",
  "legal",
  "manufacturing_supplyChain_purchasing",
  "marketing_advertising_PR",
  "medical_healthcare",
  "newMedia_creativeArts_writers",
  "sales_salesManagement",
  "telecom",
  "other",
] as const;
export type Occupation = (typeof occupations)[number];

export const searchSources = ["all", "courses", "products"] as const;
export type SearchSource = (typeof searchSources)[number];

export const themes = ["day-mode", "night-mode"] as const;
export type Theme = (typeof themes)[number];
