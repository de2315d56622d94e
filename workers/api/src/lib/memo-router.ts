import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import type { Result, Router } from "hono/router";

/** Paths longer than this are matched every time (never kept). */
const MAX_PATH = 256;
/** How many (method, path) answers are kept; the oldest goes first. */
const MAX_ENTRIES = 1000;

/**
 * Hono's default router (SmartRouter: RegExpRouter, else TrieRouter) with its answers kept per method and path
 * docs/decisions/0043: . The app's patterns include some the RegExpRouter refuses
 * (`/voices/:id/image` beside `/voices/custom/...`), so Hono falls back to the TrieRouter, whose search walked the
 * whole tree on every request: about a tenth of an api call's CPU. An answer depends only on the method, the
 * path and the routes, and Hono only reads it, so the same answer serves the next request for that path. Bounded:
 * at most 1000 entries of paths up to 256 characters; any route added empties it.
 */
export class MemoRouter<T> implements Router<T> {
  name = "MemoRouter";
  #inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });
  #answers = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T) {
    this.#answers.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = this.#inner.match(method, path);
      if (this.#answers.size >= MAX_ENTRIES) this.#answers.delete(this.#answers.keys().next().value!);
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
