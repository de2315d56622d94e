import { NotFound } from "~/components/shell/NotFound";

/** A dashboard path that does not exist (yet): 404 inside the dashboard frame, after the guard of dashboard.tsx. */
export function loader() {
  throw new Response(null, { status: 404 });
}

export function ErrorBoundary() {
  return <NotFound />;
}

export default function DashboardNotFound() {
  return <NotFound />;
}
