export * from "./fields";
