import { NotFound } from "~/components/shell/NotFound";

/** A studio path that does not exist: 404 inside the frame, after the guard of studio.tsx. */
export function loader() {
  throw new Response(null, { status: 404 });
}

export function ErrorBoundary() {
  return <NotFound />;
}

export default function StudioNotFound() {
  return <NotFound />;
}
