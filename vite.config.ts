import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { getLoadContext } from "./server/load-context";
import { devApiProxy } from "./scripts/vite-dev-api-proxy";
import { bareDynamicImports } from "./scripts/vite-bare-dynamic-imports";
import { baseChunk } from "./scripts/vite-base-chunk";
import { chunkReport } from "./scripts/vite-chunk-report";
import { pureSchemas } from "./scripts/vite-pure-schemas";

/**
 * docs/decisions/0044: the browser build resolves `react-i18next` to the app's own small translator
 * (app/i18n/react-client.ts); the server build keeps react-i18next and i18next.
 */
function clientTranslator(): Plugin {
  const client = fileURLToPath(new URL("./app/i18n/react-client.ts", import.meta.url));
  return {
    name: "voice-studio:client-translator",
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (id === "react-i18next" && !options?.ssr) return client;
      return null;
    },
  };
}

/**
 * The server build's entry imports only its chunk: Rollup otherwise hoists every package the chunk imports into the
 * entry as bare `import "zod/v4"` lines, which wrangler's esbuild then reports, one warning each, on every start
 * and deploy (those packages say they have no side effects, so the lines do nothing).
 */
function serverEntryWithoutBareImports(): Plugin {
  return {
    name: "voice-studio:server-entry-imports",
    apply: "build",
    config: (_config, env) => (env.isSsrBuild ? { build: { rollupOptions: { output: { hoistTransitiveImports: false } } } } : undefined),
  };
}

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    clientTranslator(),
    devApiProxy(),
    remixCloudflareDevProxy({ getLoadContext }),
    remix({
      // A page's loader and action live in `<route>.server.ts` beside it (docs/decisions/0023); such a file is no route.
      ignoredRouteFiles: ["**/*.server.ts"],
      // Spec section 2: /dashboard/studio is the studio's project list without the sidebar: the same
      // route module as /studio's index, mounted once more outside the signed-in frame.
      routes: async (defineRoutes) =>
        defineRoutes((route) => {
          route("/dashboard/studio", "routes/studio._index.tsx", { id: "routes/dashboard-studio" });
        }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
    pureSchemas(),
    baseChunk(),
    chunkReport(),
    bareDynamicImports(),
    serverEntryWithoutBareImports(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
});
