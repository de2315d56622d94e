import { downloadLoader } from "~/utils/studio/download.server";

/** /studio/download: project and list downloads as plain GET forms (app/utils/studio/download.server.ts). */
export const loader = downloadLoader;
