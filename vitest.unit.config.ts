import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Plain unit tests in Node: pure modules, loaders' server helpers with real Requests.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/unit/setup.ts"],
  },
});
