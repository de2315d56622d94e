import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data (locale, country, shell user, third-party config), for any component. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
