import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Tests that run inside workerd: the api worker (its wrangler.toml, so D1, R2 and the Durable
// Object are the real bindings) with the real migrations applied before each file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("db/migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./workers/api/wrangler.toml" },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations },
          // The notify worker is tested on its own (tests/workers/notify.test.ts); here the api's
          // binding to it only has to answer. The e2e suite runs the real binding.
          serviceBindings: { NOTIFY: () => Response.json({ success: true, code: 1000, data: null, message: "OK" }) },
        },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["tests/workers/setup.ts"],
    },
  };
});
