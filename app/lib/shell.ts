/**
 * Shell rules of the spec's section 2, as pure functions of the path (shared by the server render,
 * the client and the unit tests).
 */

/** Social-login callback paths (the spec's "[social]" segment): /auth/google, /login/kakao/callback, ... */
const SOCIAL_SEGMENT = /\/(google|naver|kakao)(\/|$)/;

/** Paths where the public header is hidden (exact, with or without a trailing slash). */
export const HEADER_HIDDEN_PATHS = ["/join", "/login", "/user", "/contest", "/labs/shorts", "/labs/shorts/start"];

/** The only paths that show the footer. */
export const FOOTER_PATHS = ["/", "/plan", "/actors", "/notice"];

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

export function isHeaderHidden(path: string) {
  const p = normalize(path);
  // /user has pages below it (password recovery at /user/password).
  return HEADER_HIDDEN_PATHS.includes(p) || p.startsWith("/user/") || SOCIAL_SEGMENT.test(p);
}

/**
 * Pages shown bare, without the header, footer or toasts: a shared video letter's player, which
 * social sites frame as a player card (just the video).
 */
export const isBarePath = (path: string) => /^\/share\/[^/]+\/player\/?$/.test(path);

export function isFooterVisible(path: string) {
  return FOOTER_PATHS.includes(normalize(path));
}

/**
 * Where an error page's "back" goes when no route of the page names its list (`handle.back`): the section the page
 * is in (the dashboard, the studio, the console, the labs), or the landing from a section's own page and elsewhere.
 */
export function sectionOf(path: string) {
  const p = normalize(path);
  const section = /^\/(dashboard|studio|admin|labs)(?=\/|$)/.exec(p)?.[0];
  return section && section !== p ? section : "/";
}

export const isDashboardPath = (path: string) => /^\/dashboard(\/|$)/.test(path);

/** The logo goes to the dashboard on dashboard paths, otherwise home (in the current locale, kept by cookie). */
export const logoTarget = (path: string) => (isDashboardPath(path) ? "/dashboard" : "/");

/** A navigation link is active when the path is the link or below it. */
export function isActiveLink(link: string, path: string) {
  if (isExternal(link)) return false;
  const l = normalize(link);
  const p = normalize(path);
  return l === "/" ? p === "/" : p === l || p.startsWith(`${l}/`);
}

export const isExternal = (link: string) => link.startsWith("https://");

/** The /actors page adds a second logo (the voice market's) to the header. */
export const showsActorsLogo = (path: string) => /^\/actors(\/|$)/.test(normalize(path));

/**
 * At most `max` characters of user text, cut by code point: an emoji or a rare CJK character at the
 * cut is kept whole or left out, never halved into a lone surrogate (the api cuts the same way,
 * workers/api/src/lib/text.ts).
 */
export function cutText(text: string, max: number) {
  if (text.length <= max) return text;
  return Array.from(text.slice(0, max * 2))
    .slice(0, max)
    .join("");
}

/** Spec section 9: nicknames are cut to 13 characters plus an ellipsis. */
export function cutNickname(name: string, max = 13) {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : name;
}

/** Where the member chooses which custom voices to keep; the dashboard's blocking voice-slot alert is not shown there. */
export const SLOTS_PATH = "/dashboard/library/slots";
