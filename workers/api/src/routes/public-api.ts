import { Hono } from "hono";
import { openApiDocument } from "../lib/openapi";
import type { AppEnv } from "../env";

/**
 * The public API's OpenAPI document at a stable URL: GET /api/v1/openapi.json (lib/openapi.ts). A document,
 * not an answer: its own media type (OpenAPI's registered one), not the envelope's application/json.
 */
export const publicApiRoutes = new Hono<AppEnv>().get("/openapi.json", (c) =>
  c.body(JSON.stringify(openApiDocument()), 200, {
    "content-type": "application/vnd.oai.openapi+json;version=3.1",
    "cache-control": "public, max-age=300",
    "access-control-allow-origin": "*",
  }),
);
