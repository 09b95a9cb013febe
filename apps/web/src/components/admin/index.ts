// Pieces the back-office pages share: list and form scaffolds, row actions, bilingual fields, list state.
export * from "./AdminListPage";
export * from "./AdminTable";
export * from "./BilingualField";
export * from "./DeleteRowButton";
export * from "./FiltersBar";
export * from "./FormDialog";
export * from "./FormPage";
export * from "./ListStates";
export * from "./RowActions";
export * from "./record";
export * from "./record-form";
export * from "./resolver";
export * from "./SavedFilters";
export * from "./SearchInput";
export * from "./sorting";
export * from "./url-state";
