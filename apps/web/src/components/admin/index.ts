// Pieces the back-office pages share: bilingual fields, list states, the filters bar, form plumbing.
export * from "./BilingualField";
export * from "./DeleteRowButton";
export * from "./FiltersBar";
export * from "./FormPage";
export * from "./ListStates";
export * from "./record";
export * from "./resolver";
export * from "./SearchInput";
export * from "./url-state";
