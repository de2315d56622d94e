// Labs: avatars and video letters.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { members } from "./accounts";
import { inferences } from "./studio";

/**
 * Labs (docs/decisions/0041): the avatars members uploaded for avatar talk. The VRM file is kept
 * privately in R2 (MEDIA) under `labs/avatars/<member>/<id>.vrm`, served to its owner only; what the
 * content check found is kept beside it. The default avatars are static files (public/labs/avatars/).
 */
export const labsAvatars = sqliteTable(
  "labs_avatars",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fileKey: text("file_key").notNull(),
    bytes: integer("bytes").notNull(),
    /** "0.x" or "1.0", as the file declares. */
    vrmVersion: text("vrm_version", { enum: ["0.x", "1.0"] }).notNull(),
    meshes: integer("meshes").notNull(),
    textures: integer("textures").notNull(),
    vertices: integer("vertices").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("labs_avatars_member").on(t.memberId, t.createdAt)],
);

/**
 * Video letters (docs/decisions/0041): a result's avatar (or still image) and its audio recorded
 * to WebM in the browser, checked by content (VP8/VP9/AV1 + Opus, size and length) and kept privately in
 * R2 under `labs/letters/<member>/<inference>.webm` with an optional poster image; one per result (a new
 * one replaces it). Shared with the result's share page; gone with the result.
 */
export const videoLetters = sqliteTable("video_letters", {
  inferenceId: text("inference_id")
    .primaryKey()
    .references(() => inferences.id, { onDelete: "cascade" }),
  memberId: text("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  videoKey: text("video_key").notNull(),
  posterKey: text("poster_key"),
  bytes: integer("bytes").notNull(),
  durationMs: integer("duration_ms").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: integer("created_at").notNull(),
  /** A short's template id (contracts/labs.ts SHORT_TEMPLATES; migration 0028), null for a letter. */
  template: text("template"),
});
