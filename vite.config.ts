import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { getLoadContext } from "./server/load-context";
import { devApiProxy } from "./scripts/vite-dev-api-proxy";
import { chunkReport } from "./scripts/vite-chunk-report";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    devApiProxy(),
    remixCloudflareDevProxy({ getLoadContext }),
    remix({
      // A page's loader and action live in `<route>.server.ts` beside it (docs/decisions/0023); such a file is no route.
      ignoredRouteFiles: ["**/*.server.ts"],
      // Spec section 2: /dashboard/studio is the studio's project list without the sidebar (issue 19): the same
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
    chunkReport(),
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
