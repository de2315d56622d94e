import { notFoundLoader, NotFoundPage } from "~/components/dashboard/FrameRoute";

/** A path that does not exist below this frame: 404 inside the frame, after the frame's guard. */
export const loader = notFoundLoader;
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
export default NotFoundPage;
