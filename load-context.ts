import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";

/** Bindings and variables of the app worker (root wrangler.toml). */
export interface AppEnv {
  API: Fetcher;
  NOTIFY: Fetcher;
  DB: D1Database;
  APP_ENV: string;
  DEFAULT_COUNTRY: string;
  GTM_ID: string;
  FORM_WIDGET_URL: string;
  /** Key of the sealed (AES-GCM) cookies that carry sign-up and recovery steps (app/utils/sealed.server.ts). */
  SESSION_SECRET: string;
}

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
  }
}

/** One load context for `wrangler dev`/production (server.ts) and for `remix vite:dev`. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  return { cloudflare: context.cloudflare, outgoingCookies: [], requestState: new Map() };
}
