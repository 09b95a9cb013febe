import "./schemas/zod-config";

export * from "./domain/index";
export * from "./i18n/index";
export * from "./schemas/administration";
export * from "./schemas/auth";
export * from "./schemas/backoffice";
export * from "./schemas/catalog";
export * from "./schemas/commerce";
export * from "./schemas/common";
export * from "./schemas/library";
export * from "./schemas/notifications";
export * from "./schemas/privacy";
export * from "./schemas/profile";
export * from "./schemas/quizzes";
export * from "./schemas/shell";
export * from "./schemas/shop";
export * from "./schemas/support";
export * from "./schemas/validators";
