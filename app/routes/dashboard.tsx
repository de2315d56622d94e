import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DashboardFrame } from "~/components/dashboard/Frame";
import { loadProfile, requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["common", "account"] };

/**
 * The signed-in area (spec section 2: sidebar, login required). The guard sends a visitor without a
 * login to /; the profile (boot: user and plan information) is loaded once here.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const profile = await loadProfile(args);
  return { profile };
}

export default function DashboardLayout() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <DashboardFrame email={profile.email}>
      <Outlet />
    </DashboardFrame>
  );
}
