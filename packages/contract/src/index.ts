import "./schemas/zod-config";

export * from "./domain/index";
export * from "./i18n/index";
export * from "./schemas/common";
export * from "./schemas/validators";
