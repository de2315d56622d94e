// Xinference's stand-in for the browser tests (the same one the workerd tests use, tests/workers/standins/xinference.js),
// as a local HTTP server: playwright.config.ts starts it and points the api worker at it (VOICE_ENGINE=xinference).
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { timing, xinferenceStandin } from "../workers/standins/xinference.js";

// The benchmark's server answers at once (scripts/bench-xinference.mjs).
if (process.env.STANDIN_INSTANT) timing.chunkMs = 0;

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
  const response = url.pathname === "/healthz" ? new Response("ok") : await xinferenceStandin(request, url);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  // A streamed answer goes out as it is made.
  if (response.body) Readable.fromWeb(response.body).pipe(res);
  else res.end();
}).listen(port, "127.0.0.1");
