import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The real migrations from db/migrations, applied to this test file's isolated D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
