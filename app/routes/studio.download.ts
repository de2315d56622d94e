/** /studio/download: project and list downloads as plain GET forms (app/utils/studio/download.server.ts). */
export { loader } from "~/utils/studio/download.server";
