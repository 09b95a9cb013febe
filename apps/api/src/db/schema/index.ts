/** Every table, one file per feature. Later features add their file and export it here. */
export * from "./accounts";
export * from "./administration";
export * from "./audit";
export * from "./auth";
export * from "./backoffice";
export * from "./catalog";
export * from "./certificates";
export * from "./commerce";
export * from "./helpdesk";
export * from "./learning";
export * from "./notifications";
export * from "./platform";
export * from "./privacy";
export * from "./quizzes";
export * from "./reviews";
export * from "./shop";
export * from "./support";
