import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";

/**
 * `npm run dev` only: Vite serves Remix with hot reload, and this plugin forwards /api/v1 and
 * /api/notify to the api and notify workers (run beside Vite by scripts/dev.mjs) through the same
 * service bindings the production entry (server/server.ts) uses.
 */
export function devApiProxy(): Plugin {
  return {
    name: "voice-studio:dev-api-proxy",
    apply: "serve",
    async configureServer(server) {
      const { getPlatformProxy } = await import("wrangler");
      const proxy = await getPlatformProxy<{ API: Fetcher; NOTIFY: Fetcher }>({
        persist: { path: ".wrangler/state/v3" },
      });
      server.httpServer?.once("close", () => void proxy.dispose());
      server.middlewares.use((req, res, next) => {
        const path = req.url ?? "/";
        const target = path.startsWith("/api/v1") ? proxy.env.API : path.startsWith("/api/notify") ? proxy.env.NOTIFY : null;
        if (!target) return next();
        forward(target, req, res).catch(next);
      });
    },
  };
}

async function forward(target: Fetcher, req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(key, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const response = await target.fetch(`http://localhost${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}
