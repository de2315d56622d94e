import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DashboardFrame } from "~/components/dashboard/Frame";
import { loadProfile, requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["common", "account", "studio"] };

/** /studio and everything below it: login required (spec section 2), inside the dashboard frame. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const profile = await loadProfile(args);
  return { profile };
}

export default function StudioLayout() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <DashboardFrame email={profile.email}>
      <Outlet />
    </DashboardFrame>
  );
}
