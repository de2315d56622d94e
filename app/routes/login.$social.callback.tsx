/** GET /login/:social/callback: a resource route that ends the OAuth flow (its loader only redirects). */
export { loader } from "./login.$social.callback.server";
