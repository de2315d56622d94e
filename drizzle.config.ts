import { defineConfig } from "drizzle-kit";

// drizzle-kit writes SQL migrations into the folder wrangler applies (db/migrations).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
