import type { Context } from "hono";
import type { AppEnv } from "../env";
import { Code } from "./codes";
import { fail } from "./envelope";

/**
 * HTTP Range for every audio URL (Safari on iPhone plays and seeks only with 206 answers):
 * one range `bytes=a-b`, `bytes=a-` or `bytes=-n` answers 206 with Content-Range; a range that
 * starts past the end answers 416 (code 4230) with `Content-Range: bytes *\/size`; several ranges,
 * other units or a malformed header answer 200 with the whole body, as RFC 9110 allows.
 */
export type ByteRange = { offset: number; length: number };

export function parseRange(header: string | null | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = header.trim().match(/^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // Suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(n, size);
    return { offset: size - length, length };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}

type Ctx = Context<AppEnv>;
type Headers = Record<string, string>;

/** The range to answer, honouring If-Range (a range of another version of the file is not sent). */
function wanted(c: Ctx, size: number, etag?: string) {
  const ifRange = c.req.header("If-Range");
  if (ifRange && ifRange !== etag) return null;
  return parseRange(c.req.header("Range"), size);
}

function unsatisfiable(c: Ctx, size: number) {
  const res = fail(c, Code.RANGE_NOT_SATISFIABLE);
  res.headers.set("content-range", `bytes */${size}`);
  res.headers.set("accept-ranges", "bytes");
  return res;
}

function partialHeaders(headers: Headers, range: ByteRange, size: number): Headers {
  return {
    ...headers,
    "accept-ranges": "bytes",
    "content-range": `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`,
    "content-length": String(range.length),
  };
}

/** An R2 object as stored, whole or one range of it read by R2 itself. Null when it does not exist. */
export async function sendStored(c: Ctx, bucket: R2Bucket, key: string, headers: Headers) {
  if (!c.req.header("Range")) {
    const object = await bucket.get(key);
    if (!object) return null;
    return c.body(object.body, 200, { ...headers, "accept-ranges": "bytes", "content-length": String(object.size), etag: object.httpEtag });
  }
  const head = await bucket.head(key);
  if (!head) return null;
  const range = wanted(c, head.size, head.httpEtag);
  if (range === "unsatisfiable") return unsatisfiable(c, head.size);
  const object = await bucket.get(key, range ? { range } : {});
  if (!object) return null;
  if (!range)
    return c.body(object.body, 200, { ...headers, "accept-ranges": "bytes", "content-length": String(object.size), etag: object.httpEtag });
  return c.body(object.body, 206, { ...partialHeaders(headers, range, head.size), etag: head.httpEtag });
}

/** Bytes made for this answer (an MP3 converted on the fly): whole, or one range sliced from them. */
export function sendBytes(c: Ctx, bytes: Uint8Array<ArrayBuffer>, headers: Headers) {
  const range = wanted(c, bytes.byteLength);
  if (range === "unsatisfiable") return unsatisfiable(c, bytes.byteLength);
  if (!range) return c.body(bytes, 200, { ...headers, "accept-ranges": "bytes", "content-length": String(bytes.byteLength) });
  return c.body(bytes.slice(range.offset, range.offset + range.length), 206, partialHeaders(headers, range, bytes.byteLength));
}
