import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { NotFound } from "~/components/shell/NotFound";
import type { Profile } from "#contracts/profile";
import { DashboardFrame } from "./Frame";
import { VoiceSlotAlert } from "./on-use";
import { SLOTS_PATH } from "~/lib/shell";

/** React 18 has no `inert` prop; the attribute passes through as written. */
const INERT = { inert: "" } as React.HTMLAttributes<HTMLDivElement>;

/** The page of a frame route (dashboard.tsx, studio.tsx): the frame around the child route, and the blocking voice-slot alert. */
export function FramePage() {
  const { profile, unreadInquiries } = useLoaderData<{
    profile: Pick<Profile, "email" | "cv_cnt_over"> & { planState?: Profile["planState"] };
    unreadInquiries: number;
  }>();
  const { pathname } = useLocation();
  const blocked = profile.cv_cnt_over === "Y" && pathname.replace(/\/+$/, "") !== SLOTS_PATH;
  return (
    <>
      <div {...(blocked ? INERT : {})}>
        <DashboardFrame email={profile.email} unreadInquiries={unreadInquiries}>
          <Outlet />
        </DashboardFrame>
      </div>
      {blocked ? (
        <VoiceSlotAlert slots={profile.planState?.limits.customVoice ?? 0} used={profile.planState?.usedCustomVoice ?? 0} />
      ) : null}
    </>
  );
}

/** A path below a frame route that does not exist: 404 inside the frame, after the frame's guard. */
export function notFoundLoader(): never {
  throw new Response(null, { status: 404 });
}

export const NotFoundPage = NotFound;
