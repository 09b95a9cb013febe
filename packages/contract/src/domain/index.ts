/** The domain rules and constants without the schemas: light enough for the web app's first load. */

export * from "../cart/cart";
export * from "./constants";
export * from "./enums";
export * from "./languages";
export * from "./money";
export * from "./people";
export * from "./percent";
export * from "./permissions";
export * from "./reports";
export * from "./roles";
