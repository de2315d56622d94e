/** GET /login/:social: a resource route that starts the OAuth flow (its loader only redirects). */
export { loader } from "./login.$social.server";
