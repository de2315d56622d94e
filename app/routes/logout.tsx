/** /logout: a resource route (POST ends the session; GET goes home). */
export { action, loader } from "./logout.server";
