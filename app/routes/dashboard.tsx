import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FramePage } from "~/components/dashboard/FrameRoute";
import { frameLoader } from "~/utils/frame.server";

export const handle = { i18n: ["common", "account"] };

/** /dashboard and below: login required, inside the frame with the sidebar. */
export const loader = (args: LoaderFunctionArgs) => frameLoader(args);

export default FramePage;
