import { useRouteLoaderData } from "@remix-run/react";
import type { Lang } from "~/i18n/config";
import type { shellUser } from "~/utils/session.server";
import type { ShownToast } from "~/utils/toast.server";

/**
 * What the root loader answers (app/root.tsx returns exactly this type). Declared here rather than
 * inferred from the loader so that this module need not import root.tsx, which renders components that
 * read it (docs/decisions/0020-import-rules.md: no import cycles, type-only ones included).
 */
export type RootData = {
  locale: Lang;
  siteName: string;
  /** Titles for the error boundary, which renders without a route loader's data. */
  errorTitles: { notFound: string; other: string };
  country: string;
  /** The reader's time zone as their browser named it (checked), else Korea's: dates render with it (app/lib/time.ts). */
  timeZone: string;
  /** The canonical origin (PUBLIC_ORIGIN), never the request's Host: canonical, og:url, og:audio. */
  origin: string;
  user: ReturnType<typeof shellUser>;
  toast: ShownToast | null;
  gtmId: string | null;
  formWidgetUrl: string | null;
};

/*
 * The root loader's data is read one way in each place it is needed: `useRootData()` in components,
 * `rootDataFrom(matches)` in meta functions (which cannot call hooks), both by the root route's id.
 */

/** The root loader's data (locale, country, shell user, third-party config), for any component. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

/** The root loader's data in a meta function, from its `matches` (undefined when the root loader failed). */
export function rootDataFrom(matches: readonly { id: string; data: unknown }[]): RootData | undefined {
  return matches.find((m) => m.id === "root")?.data as RootData | undefined;
}
