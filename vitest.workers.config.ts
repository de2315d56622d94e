import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const MAIL_STANDIN = `
const sent = [];
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/sent") return Response.json(sent);
    if (request.method !== "POST" || url.pathname !== "/emails") return new Response("not found", { status: 404 });
    if (request.headers.get("authorization") !== "Bearer test-key") return Response.json({ error: "unauthorized" }, { status: 401 });
    const mail = await request.json();
    if (mail.to.some((to) => to.startsWith("bounce@"))) return Response.json({ error: "rejected" }, { status: 422 });
    sent.push({ host: url.host, ...mail });
    return Response.json({ id: String(sent.length) });
  },
};`;

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
          // A local stand-in of an HTTP e-mail provider (POST /emails, Bearer key): the worker's
          // outbound fetches go to it, so the real HttpMailer code is exercised over HTTP.
          outboundService: "mail-standin",
          workers: [{ name: "mail-standin", modules: true, script: MAIL_STANDIN }],
        },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["tests/workers/setup.ts"],
    },
  };
});
