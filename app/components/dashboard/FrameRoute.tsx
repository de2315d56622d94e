import { Outlet, useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/shell/NotFound";
import { DashboardFrame } from "./Frame";

/** The page of a frame route (dashboard.tsx, studio.tsx): the frame around the child route. */
export function FramePage() {
  const { profile, unreadInquiries } = useLoaderData<{ profile: { email: string }; unreadInquiries: number }>();
  return (
    <DashboardFrame email={profile.email} unreadInquiries={unreadInquiries}>
      <Outlet />
    </DashboardFrame>
  );
}

/** A path below a frame route that does not exist: 404 inside the frame, after the frame's guard. */
export function notFoundLoader(): never {
  throw new Response(null, { status: 404 });
}

export const NotFoundPage = NotFound;
