import { ACTOR_APPLICATION } from "#contracts/actors";
import { AVATAR_LIMITS } from "#contracts/labs";
import { OPEN_VOICE_FORM, RECORDING_RULES } from "#contracts/open-voices";
import { IMPORT_MAX_BYTES } from "#contracts/speech-text";
import { MUSIC_UPLOAD } from "#contracts/music";
import { STS_UPLOAD } from "#contracts/sts";
import { CUSTOM_VOICE } from "../app/lib/custom-voices";
import { INQUIRY_LIMITS } from "../app/lib/help";

const MB = 1024 * 1024;

/** A page post's fields and its multipart framing, beside its files. */
const FIELDS = MB;

/** The largest page posts without a file: 200 paragraphs of 500 Korean characters, percent-encoded, are about 0.9 MB. */
export const URLENCODED_MAX = 2 * MB;

/**
 * The pages that take files, and the most a multipart post to each may declare: its largest legitimate post (the files
 * of one submission, from the constants the page's form and the api check them with) plus FIELDS. Every other page's
 * multipart post, and every page's URL-encoded one, is held to URLENCODED_MAX (server/csrf.ts `formPostRefusal`;
 * docs/decisions/0057). A page here never gets less than URLENCODED_MAX. `:x` is one path segment.
 */
export const UPLOAD_PAGES: readonly { path: string; max: number }[] = [
  // Five recordings (CUSTOM_VOICE.maxFiles) of RECORDING_RULES.maxBytes (app/lib/custom-voices.ts; the api's
  // CUSTOM_VOICE_BODY_MAX): 51 MB. The action keeps its own earlier check (dashboard.custom.server.ts BODY_MAX).
  { path: "/dashboard/custom", max: CUSTOM_VOICE.maxFiles * CUSTOM_VOICE.fileMaxBytes + FIELDS },
  // The open voice wizard: one recording (RECORDING_RULES.maxBytes, 10 MB) in its recording step, or the profile
  // image (OPEN_VOICE_FORM.image.maxBytes, 1 MB) in its publish step: 11 MB.
  { path: "/dashboard/library/open", max: Math.max(RECORDING_RULES.maxBytes, OPEN_VOICE_FORM.image.maxBytes) + FIELDS },
  // An STS source recorded or uploaded (contracts/sts.ts STS_UPLOAD.maxBytes, the api's STS_LIMITS): 31 MB.
  { path: "/studio/projects/speech-to-speech", max: STS_UPLOAD.maxBytes + FIELDS },
  { path: "/labs/shorts/start", max: STS_UPLOAD.maxBytes + FIELDS },
  // Avatar talk: a VRM (contracts/labs.ts AVATAR_LIMITS.maxBytes, 30 MB) or an STS source (30 MB): 31 MB.
  { path: "/labs/avatar", max: Math.max(AVATAR_LIMITS.maxBytes, STS_UPLOAD.maxBytes) + FIELDS },
  // An inquiry, a follow-up and an operator's answer: five images of 5 MB (app/lib/help.ts INQUIRY_LIMITS, the
  // api's INQUIRY): 26 MB.
  { path: "/dashboard/help", max: INQUIRY_LIMITS.images * INQUIRY_LIMITS.imageMB * MB + FIELDS },
  { path: "/dashboard/help/:no", max: INQUIRY_LIMITS.images * INQUIRY_LIMITS.imageMB * MB + FIELDS },
  { path: "/admin/inquiries/:no", max: INQUIRY_LIMITS.images * INQUIRY_LIMITS.imageMB * MB + FIELDS },
  // A voice actor's sample (contracts/actors.ts ACTOR_APPLICATION.sampleMaxBytes, 10 MB): 11 MB.
  { path: "/actors", max: ACTOR_APPLICATION.sampleMaxBytes + FIELDS },
  // A TTS project's background music (contracts/music.ts MUSIC_UPLOAD.maxBytes, the api's check): 16 MB.
  { path: "/studio/music", max: MUSIC_UPLOAD.maxBytes + FIELDS },
  // A script import (contracts/speech-text.ts IMPORT_MAX_BYTES, 256 KB) on the project list, both its addresses:
  // 1.25 MB, so the 2 MB of every page.
  { path: "/studio", max: IMPORT_MAX_BYTES + FIELDS },
  { path: "/dashboard/studio", max: IMPORT_MAX_BYTES + FIELDS },
];

const compiled = UPLOAD_PAGES.map(({ path, max }) => ({
  pattern: new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`),
  max: Math.max(max, URLENCODED_MAX),
}));

/**
 * The page a post's path is for: a form posted by the document (`/dashboard/help/12`, maybe with a trailing slash) or
 * by Remix's single fetch (`/dashboard/help/12.data`, the root as `/_root.data`).
 */
export const pagePath = (pathname: string) => {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return page.length > 1 ? page.replace(/\/$/, "") : page;
};

/** The most bytes a multipart post to `pathname` may declare. */
export function multipartMax(pathname: string) {
  const page = pagePath(pathname);
  return compiled.find(({ pattern }) => pattern.test(page))?.max ?? URLENCODED_MAX;
}
