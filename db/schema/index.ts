// Every table of the D1 database, by area; drizzle-kit reads this file (drizzle.config.ts) and code imports from it.
export * from "./accounts";
export * from "./billing";
export * from "./community";
export * from "./help";
export * from "./labs";
export * from "./notify";
export * from "./operations";
export * from "./studio";
export * from "./voices";
export type { LocalizedText } from "./types";
