/**
 * Where a login may send the browser afterwards: a path of this site only ("redirectTo validated to
 * same-origin paths"). Anything else, an absolute or protocol-relative URL (`//evil.example`), a backslash
 * trick (`/\evil.example`), control characters, the sign-in pages themselves (a loop), or more than 1 KiB,
 * answers null and the caller uses its default.
 */
const SIGN_IN_PATHS = /^\/(?:login|join|logout)(?:[/?#]|$)/;

export function safeRedirect(to: unknown): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > 1024) return null;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, "https://same.origin");
  } catch {
    return null;
  }
  if (url.origin !== "https://same.origin") return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments are resolved above: `/.//evil.example` or `/a/..//evil.example` come out as `//evil.example`, which a
  // browser reads as another site. The resolved path is held to the same rule as the given one.
  if (path.startsWith("//") || path.includes("\\")) return null;
  return SIGN_IN_PATHS.test(path) ? null : path;
}

/** The login page that returns to `path` afterwards. */
export const loginThen = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

/** The sign-up page that goes on to `path` afterwards. */
export const joinThen = (path: string) => `/join?redirectTo=${encodeURIComponent(path)}`;
