import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import type { AppBindings } from "../worker-configuration";
import { newNonce } from "./security-headers";

/**
 * Bindings and variables of the app worker: those of the root wrangler.toml, as `wrangler types` generates
 * them (`npm run cf-typegen`). The entry (server.ts) parses the variables it reads once
 * (workers/api/src/lib/deployment.ts). `PUBLIC_ORIGIN` is the site's canonical origin: canonical links,
 * og:url, og:audio and the landing micro-cache's key are built from it, never from the request's Host
 * (empty: the request's own origin). `SESSION_SECRET` keys the sealed (AES-GCM) cookies that carry
 * sign-up and recovery steps (app/utils/sealed.server.ts).
 */
export type AppEnv = Omit<AppBindings, "SESSION_SECRET"> & {
  // A secret, so `wrangler types` has it optional (production declares it, local runs read .env); the entry
  // refuses to serve without it, so past the entry it is a string.
  SESSION_SECRET: string;
};

type Cloudflare = Omit<PlatformProxy<AppEnv>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /**
     * Set-Cookie headers that loaders and actions add during this request; server.ts appends them
     * to whatever response Remix produces (documents, data requests, redirects, resource routes).
     */
    outgoingCookies: string[];
    /** Per-request memo so that parallel loaders share one token refresh. */
    requestState: Map<string, unknown>;
    /** This request's Content-Security-Policy nonce (security-headers.ts): every script tag carries it. */
    cspNonce: string;
    /** The canonical origin for absolute URLs (PUBLIC_ORIGIN, else the request's origin). */
    publicOrigin: string;
  }
}

/** One load context for `wrangler dev`/production (server.ts) and for `remix vite:dev`. */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  return {
    cloudflare: context.cloudflare,
    outgoingCookies: [],
    requestState: new Map(),
    cspNonce: newNonce(),
    publicOrigin: publicOrigin(context.cloudflare.env.PUBLIC_ORIGIN, request),
  };
}

/** PUBLIC_ORIGIN when it is a valid http(s) URL, else the request's origin. */
export function publicOrigin(configured: string | undefined, request: Request): string {
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === "https:" || url.protocol === "http:") return url.origin;
    } catch {
      // fall through: a malformed value is treated as unset
    }
  }
  return new URL(request.url).origin;
}
