// The remote speech engine's stand-in for the browser tests (the same one the workerd tests use,
// tests/workers/standins/engine.js), as a local HTTP server: playwright.config.ts starts it and
// points the api worker's HTTP engine at it (VOICE_ENGINE=http).
import { createServer } from "node:http";
import { engineStandin } from "../workers/standins/engine.js";

const port = Number(process.env.ENGINE_PORT ?? 8799);
createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
  const request = new Request(url, {
    method: req.method,
    headers: req.headers,
    body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
  });
  const response = url.pathname === "/healthz" ? new Response("ok") : await engineStandin(request, url);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}).listen(port, "127.0.0.1");
