import { and, asc, count, eq } from "drizzle-orm";
import { labsAvatars } from "#db/schema";
import { AVATAR_LIMITS, type Avatar } from "#contracts/labs";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { AVATAR_PARTS } from "../../lib/labels";
import { hit } from "../../lib/rate-limit";
import { cutCodePoints, wellFormed } from "../../lib/text";
import { stripControls } from "../../lib/validate";
import { checkVrm } from "../../lib/vrm";
import type { MemberScope } from "../scope";

/**
 * Avatar talk's avatars (docs/decisions/0041): the defaults shipped with the product (static VRM
 * files made by scripts/make-avatars.mjs under public/labs/avatars/) and the ones a member uploads, checked
 * by content (lib/vrm.ts) and kept privately in R2, listed and served to their owner only.
 */

/** The default avatars: public static files (their source and licence: public/labs/avatars/SOURCE.md). */
export const DEFAULT_AVATARS: Avatar[] = [
  {
    id: "default:nari",
    kind: "default",
    name: "Nari",
    url: "/labs/avatars/nari.vrm",
    iconURL: "/labs/avatars/nari.svg",
    version: "1.0",
    bytes: 28340,
    createdAt: null,
  },
  {
    id: "default:haru",
    kind: "default",
    name: "Haru",
    url: "/labs/avatars/haru.vrm",
    iconURL: "/labs/avatars/haru.svg",
    version: "1.0",
    bytes: 28336,
    createdAt: null,
  },
  {
    id: "default:miro",
    kind: "default",
    name: "Miro",
    url: "/labs/avatars/miro.vrm",
    iconURL: "/labs/avatars/miro.svg",
    version: "1.0",
    bytes: 28336,
    createdAt: null,
  },
];

type Row = typeof labsAvatars.$inferSelect;

const avatarOut = (r: Row): Avatar => ({
  id: r.id,
  kind: "own",
  name: r.name,
  url: `/api/v1/labs/avatars/${r.id}/file`,
  iconURL: null,
  version: r.vrmVersion,
  bytes: r.bytes,
  createdAt: r.createdAt,
});

const ownAvatar = (s: MemberScope, id: string) =>
  s.db
    .select()
    .from(labsAvatars)
    .where(and(eq(labsAvatars.id, id), eq(labsAvatars.memberId, s.member.id)))
    .get();

/** The defaults, then the member's own avatars, oldest first. */
export async function listAvatars(s: MemberScope) {
  const own = await s.db.select().from(labsAvatars).where(eq(labsAvatars.memberId, s.member.id)).orderBy(asc(labsAvatars.createdAt));
  return done({ avatars: [...DEFAULT_AVATARS, ...own.map(avatarOut)], limit: AVATAR_LIMITS.perMember });
}

/** One avatar the member may use: a default by its id, or one of their own. */
export async function avatar(s: MemberScope, id: string) {
  const found = DEFAULT_AVATARS.find((a) => a.id === id);
  if (found) return done(found);
  const row = await ownAvatar(s, id);
  return row ? done(avatarOut(row)) : refusal(Code.NOT_FOUND);
}

/**
 * Stores an uploaded avatar after the content check (spec section 5: "Avatar upload: VRM only"); the name
 * is the file's metadata name, else the file name without its extension. At most AVATAR_LIMITS.perMember:
 * counted first so a member at the limit is refused before the file is read, and again in the insert (one
 * statement, as createProject's), so concurrent uploads cannot pass the limit together.
 */
export async function uploadAvatar(s: MemberScope, file: File, fileName: string) {
  const limitReached = refusal(Code.AVATAR_LIMIT, { params: { max: AVATAR_LIMITS.perMember } });
  if (!(await hit(s.env, "avatarUploadPerMember", s.member.id)).allowed) return refusal(Code.RATE_LIMITED);
  if (file.size > AVATAR_LIMITS.maxBytes) return refusal(Code.AVATAR_TOO_LARGE, { params: { max: AVATAR_LIMITS.maxBytes / 1024 / 1024 } });
  const owned = await s.db.select({ n: count() }).from(labsAvatars).where(eq(labsAvatars.memberId, s.member.id)).get();
  if ((owned?.n ?? 0) >= AVATAR_LIMITS.perMember) return limitReached;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkVrm(bytes);
  if (!checked.ok) {
    if (checked.reason === "too-large") return refusal(Code.AVATAR_TOO_LARGE, { params: { max: AVATAR_LIMITS.maxBytes / 1024 / 1024 } });
    if (checked.reason === "too-complex")
      return refusal(Code.AVATAR_TOO_COMPLEX, { params: { part: AVATAR_PARTS[checked.part]!, max: checked.max } });
    return refusal(Code.AVATAR_NOT_VRM);
  }
  const clean = (text: string) => cutCodePoints(wellFormed(stripControls(text.slice(0, 400))).trim(), 40);
  const name = clean(checked.info.name) || clean(fileName.replace(/\.vrm$/i, "")) || "VRM";
  const id = crypto.randomUUID();
  const fileKey = `labs/avatars/${s.member.id}/${id}.vrm`;
  const row: Row = {
    id,
    memberId: s.member.id,
    name,
    fileKey,
    bytes: bytes.length,
    vrmVersion: checked.info.version,
    meshes: checked.info.meshes,
    textures: checked.info.textures,
    vertices: checked.info.vertices,
    createdAt: Date.now(),
  };
  // The file first, so a row never names a missing file; taken away again when no row was inserted (or the insert failed).
  await s.env.MEDIA.put(fileKey, bytes, { httpMetadata: { contentType: "model/gltf-binary" } });
  let inserted = false;
  try {
    const result = await s.env.DB.prepare(
      `INSERT INTO labs_avatars (id, member_id, name, file_key, bytes, vrm_version, meshes, textures, vertices, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
       WHERE (SELECT COUNT(*) FROM labs_avatars WHERE member_id = ?2) < ${AVATAR_LIMITS.perMember}`,
    )
      .bind(row.id, row.memberId, row.name, row.fileKey, row.bytes, row.vrmVersion, row.meshes, row.textures, row.vertices, row.createdAt)
      .run();
    inserted = result.meta.changes === 1;
  } finally {
    if (!inserted) await s.env.MEDIA.delete(fileKey);
  }
  return inserted ? done(avatarOut(row)) : limitReached;
}

/** The stored VRM file of one of the member's avatars. */
export async function avatarFile(s: MemberScope, id: string) {
  const row = await ownAvatar(s, id);
  return row ? row.fileKey : null;
}

/** Deletes one of the member's avatars with its file. */
export async function deleteAvatar(s: MemberScope, id: string) {
  const [row] = await s.db
    .delete(labsAvatars)
    .where(and(eq(labsAvatars.id, id), eq(labsAvatars.memberId, s.member.id)))
    .returning({ fileKey: labsAvatars.fileKey });
  if (!row) return refusal(Code.NOT_FOUND);
  await s.env.MEDIA.delete(row.fileKey);
  return done({ deleted: true as const });
}
