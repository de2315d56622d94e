import { apiUser } from "./api-user";

/**
 * The browser's one way to call /api/v1 directly (players, job progress streams): failed calls (an
 * HTTP error or an envelope with `success: false`) are reported to `/api/notify` as
 * `{message, detail, userId}` in JSON, from the page's own origin, with the rule of the server's
 * client (app/utils/api.server.ts, spec section 7): an identical message and detail within 2000 ms
 * is sent once. Reporting never throws and its own failures are ignored.
 */

/** Spec section 7: identical error reports within 2000 ms are sent once. */
export const REPORT_DEDUP_MS = 2000;

export type Report = { message: string; url: string; method: string; status: number };

type Options = {
  /** Prefix of every URL (empty in the browser: the page's own origin). */
  base?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** The account reports name unless `setUser` named one (the page's client: the root's `setApiUser`). */
  user?: () => string;
};

export function createApiClient({ base = "", fetch: fetchImpl, now = Date.now, user = () => "unknown" }: Options = {}) {
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const recent = new Map<string, number>();
  let userId: string | null = null;

  /** The account e-mail when the page knows it (the root's data); else reports say "unknown". */
  function setUser(email: string | null | undefined) {
    userId = email || "unknown";
  }

  /** Sends a report unless an identical one went out within REPORT_DEDUP_MS. */
  function report({ message, url, method, status }: Report): Promise<void> {
    const page = typeof location === "undefined" ? "" : location.pathname;
    const detail = JSON.stringify({ url, method, status, page, source: "browser" });
    const key = `${message}\n${detail}`;
    const at = now();
    const last = recent.get(key);
    if (last !== undefined && at - last < REPORT_DEDUP_MS) return Promise.resolve();
    recent.set(key, at);
    if (recent.size > 200) {
      for (const [k, t] of recent) if (at - t >= REPORT_DEDUP_MS) recent.delete(k);
    }
    return doFetch(`${base}/api/notify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ message, detail, userId: userId ?? user() }),
    }).then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * fetch() for an /api/v1 URL: answers the response as fetch does (the caller reads it); an HTTP
   * error or a failed envelope is reported first. A network failure is reported and rethrown.
   */
  async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const path = url.startsWith(base) ? url.slice(base.length) : url;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { credentials: "same-origin", ...init });
    } catch (err) {
      void report({ message: `network error: ${String(err)}`, url: path, method, status: 0 });
      throw err;
    }
    const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
    if (!response.ok || json) {
      const envelope = json
        ? ((await response
            .clone()
            .json()
            .catch(() => null)) as { success?: boolean; message?: string } | null)
        : null;
      if (!response.ok || envelope?.success === false) {
        void report({ message: envelope?.message || `HTTP ${response.status}`, url: path, method, status: response.status });
      }
    }
    return response;
  }

  /**
   * An /api/v1 event stream (EventSource) that the browser gave up on: it closes a stream for good
   * only when the answer was an HTTP error or not an event stream, so that is reported.
   */
  function streamFailed(url: string, source: { readyState: number }) {
    if (source.readyState === 2 /* EventSource.CLOSED */) void report({ message: "event stream refused", url, method: "GET", status: 0 });
  }

  /**
   * An <audio> element that could not load an /api/v1 URL (the player cannot see the HTTP status: a
   * 404 or 500 shows as an unsupported source). A load the listener aborted is not reported.
   */
  function mediaFailed(url: string, media: { error: { code: number } | null; src?: string }) {
    // Only while the element still plays that URL (wavesurfer swaps in a blob URL and clears it).
    if (media.src !== undefined && typeof location !== "undefined" && media.src !== new URL(url, location.href).href) return;
    const code = media.error?.code ?? 0;
    if (code >= 2) void report({ message: `audio could not be played (media error ${code})`, url, method: "GET", status: 0 });
  }

  return { apiFetch, mediaFailed, report, setUser, streamFailed };
}

/** The page's client: reports name the account the root set (`setApiUser`). */
export const apiClient = createApiClient({ user: apiUser });
