import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../../../../db/schema";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import type { AppEnv } from "../env";

/** Development-only helpers; every path answers 404 unless APP_ENV is "development". */
export const devRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => (c.env.APP_ENV === "development" ? next() : fail(c, Code.NOT_FOUND)))
  /** The latest mails kept by the dev outbox (newest first). */
  .get("/mailbox", async (c) => {
    const mails = await c.var.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
    return ok(c, mails);
  });
