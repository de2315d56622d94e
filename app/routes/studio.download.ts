/** /studio/download: project and list downloads as plain GET forms (studio.download.server.ts beside it). */
export { loader } from "./studio.download.server";
