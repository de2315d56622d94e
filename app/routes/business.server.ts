import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/meta.server";

type OpenApiOperation = { operationId: string; summary: string; description: string; "x-result-codes": number[] };
type OpenApiDocument = {
  info: { "x-rate-limit": { callsPerKey: number; windowSeconds: number } };
  paths: Record<string, Record<string, OpenApiOperation>>;
};

/**
 * /business: the business API offer. Its list of operations, their codes and the per-key limit come from the
 * api's OpenAPI document (GET /api/v1/openapi.json), so the page says what the api does.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [doc, meta] = await Promise.all([
    args.context.cloudflare.env.API.fetch("https://api.internal/api/v1/openapi.json").then((r) => {
      if (!r.ok) throw new Response(null, { status: 503 });
      return r.json() as Promise<OpenApiDocument>;
    }),
    pageMeta(args.request, args.context, "content:meta.business.title", "content:meta.business.description"),
  ]);
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      summary: op.summary,
      codes: op["x-result-codes"],
    })),
  );
  return { operations, limit: doc.info["x-rate-limit"].callsPerKey, meta };
}
