/**
 * The labs (issue 20, docs/decisions/0041): avatar talk's avatars and their upload limits, as the api
 * answers them and the pages read them. The api builds these in workers/api/src/domain/labs/. No
 * runtime dependencies.
 */

/** What an uploaded avatar may be: a VRM (glTF binary with a VRM 0.x or 1.0 extension) within these limits. */
export const AVATAR_LIMITS = {
  maxBytes: 30 * 1024 * 1024,
  /** The glTF JSON chunk is parsed only up to this size. */
  maxJsonBytes: 4 * 1024 * 1024,
  maxMeshes: 64,
  maxPrimitives: 256,
  maxTextures: 64,
  /** Vertices over every mesh (the POSITION accessors' counts). */
  maxVertices: 300_000,
  /** A texture image's width and height, in pixels. */
  maxTextureSide: 4096,
  /** Avatars a member keeps. */
  perMember: 10,
} as const;

/** One avatar of the choose step: a default shipped with the product, or one the member uploaded. */
export type Avatar = {
  /** `default:<name>` for a default, the stored avatar's id otherwise. */
  id: string;
  kind: "default" | "own";
  name: string;
  /** Where the VRM file loads from (a static file, or the owner-only api path). */
  url: string;
  /** Its picture for the choose step (a default's SVG made with it by scripts/make-avatars.mjs), or null: a generic one. */
  iconURL: string | null;
  /** The VRM version it declares: "0.x" or "1.0". */
  version: "0.x" | "1.0";
  bytes: number;
  createdAt: number | null;
};

export type AvatarList = { avatars: Avatar[]; limit: number };

/** A video letter (a canvas and its audio recorded to WebM in the browser) and its poster. */
export const VIDEO_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  /** The STS recording limit (5 minutes) and a little for the recorder's start and stop. */
  maxSeconds: 305,
  /** Width and height, pixels. */
  maxSide: 1920,
  /** Blocks (frames and audio packets) counted before the walk refuses: 5 minutes at 60 fps plus audio. */
  maxBlocks: 60_000,
  posterMaxBytes: 1024 * 1024,
} as const;

/** A video letter as the api answers it (the result's and the share page's `video`). */
export type VideoLetter = {
  videoURL: string;
  posterURL: string | null;
  duration: number;
  width: number;
  height: number;
  createdAt: number;
};
