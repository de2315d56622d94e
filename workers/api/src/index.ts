// The worker entry exports only handlers and Durable Object classes (workerd rejects anything
// else); the app is built in app.ts.
import { drizzle } from "drizzle-orm/d1";
import { createApp } from "./app";
import { cleanUp, expireUploads } from "./lib/cleanup";
import * as schema from "../../../db/schema";
import type { AppEnv } from "./env";

export { GenerationJob } from "./durable/generation-job";

const app = createApp();

export default {
  fetch: app.fetch,
  /** The daily cron (wrangler.toml `[triggers]`): deletes rows that can no longer matter. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(cleanUp(drizzle(env.DB)).then((counts) => console.log("clean-up", JSON.stringify(counts))));
    ctx.waitUntil(expireUploads(drizzle(env.DB, { schema }), env.MEDIA).then((n) => console.log("expired uploads", n)));
  },
} satisfies ExportedHandler<AppEnv["Bindings"]>;
