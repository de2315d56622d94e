import { Hono } from "hono";
import { openApiDocument } from "../lib/openapi";
import type { AppEnv } from "../env";

/** The public API's OpenAPI document at a stable URL: GET /api/v1/openapi.json (lib/openapi.ts). */
export const publicApiRoutes = new Hono<AppEnv>().get("/openapi.json", (c) => {
  c.header("cache-control", "public, max-age=300");
  c.header("access-control-allow-origin", "*");
  return c.json(openApiDocument());
});
