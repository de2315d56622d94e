/** /studio/music: the TTS editor's background music forms (studio.music.server.ts beside it); no page of its own. */
export { action, loader } from "./studio.music.server";
