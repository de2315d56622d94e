/**
 * VRM avatars checked by their content (docs/decisions/0041): a glTF binary (GLB) whose header,
 * chunk lengths and JSON agree with the bytes, with a VRM 0.x (`VRM`) or 1.0 (`VRMC_vrm`) extension and a
 * humanoid with hips and head, within the mesh, vertex and texture limits of AVATAR_LIMITS. Nothing in the
 * file is trusted before it is checked against the bytes that hold it: the JSON chunk is parsed only when
 * it fits the file and the JSON limit, every buffer view, accessor and image must lie inside the binary
 * chunk, and every loop runs over arrays of that bounded JSON. Textures' sizes are read from their headers and
 * their containers checked whole (lib/image.ts imageComplete), but not decoded: up to 64 textures of 4096 pixels
 * a side would be gigabytes of pixels, and only their owner's browser ever decodes them.
 */
import { AVATAR_LIMITS } from "#contracts/labs";
import { imageComplete, imageInfo } from "./image";

export type VrmInfo = {
  version: "0.x" | "1.0";
  /** The avatar's name as its metadata gives it (VRM 1.0 `meta.name`, VRM 0.x `meta.title`), or "". */
  name: string;
  meshes: number;
  primitives: number;
  textures: number;
  vertices: number;
};

/** Which limit an avatar is over (the `{part}` of AVATAR_TOO_COMPLEX). */
export type AvatarPart = "meshes" | "primitives" | "textures" | "vertices" | "textureSide";

export type VrmCheck =
  | { ok: true; info: VrmInfo }
  | { ok: false; reason: "not-vrm"; why: string }
  | { ok: false; reason: "too-large" }
  | { ok: false; reason: "too-complex"; part: AvatarPart; max: number };

const MAGIC_GLTF = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** Bytes of one element of an accessor: component size times component count. */
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COUNT: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown, length: number): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) < length;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const list = (v: unknown): unknown[] | null => (v === undefined ? [] : Array.isArray(v) ? v : null);

const notVrm = (why: string): VrmCheck => ({ ok: false, reason: "not-vrm", why });
const tooComplex = (part: AvatarPart, max: number): VrmCheck => ({ ok: false, reason: "too-complex", part, max });

/** Checks a VRM file by its content; `bytes` is the whole upload. */
export function checkVrm(bytes: Uint8Array): VrmCheck {
  if (bytes.length > AVATAR_LIMITS.maxBytes) return { ok: false, reason: "too-large" };
  if (bytes.length < 20) return notVrm("shorter than a GLB header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC_GLTF) return notVrm("no glTF magic");
  if (view.getUint32(4, true) !== 2) return notVrm("not glTF 2");
  if (view.getUint32(8, true) !== bytes.length) return notVrm("declared length differs from the file");

  // The JSON chunk, first, within the file and the JSON limit.
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== CHUNK_JSON) return notVrm("first chunk is not JSON");
  if (jsonLength === 0 || jsonLength > bytes.length - 20) return notVrm("JSON chunk length past the end");
  if (jsonLength > AVATAR_LIMITS.maxJsonBytes) return notVrm("JSON chunk over its limit");
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(20, 20 + jsonLength)));
  } catch {
    // Invalid UTF-8, invalid JSON, or nesting deep enough to exhaust the parser's stack.
    return notVrm("JSON chunk does not parse");
  }
  if (!isObject(json)) return notVrm("JSON is not an object");

  // An optional BIN chunk right after, within the file; nothing but padding may follow.
  let at = 20 + jsonLength;
  let bin: Uint8Array = new Uint8Array(0);
  if (at + 8 <= bytes.length) {
    const binLength = view.getUint32(at, true);
    if (view.getUint32(at + 4, true) !== CHUNK_BIN) return notVrm("second chunk is not BIN");
    if (binLength > bytes.length - at - 8) return notVrm("BIN chunk length past the end");
    bin = bytes.subarray(at + 8, at + 8 + binLength);
    at += 8 + binLength;
  }
  if (bytes.length - at > 3) return notVrm("bytes after the last chunk");

  const asset = json.asset;
  if (!isObject(asset) || typeof asset.version !== "string" || !asset.version.startsWith("2.")) return notVrm("no glTF 2 asset");

  // The VRM extension and its humanoid.
  const extensions = isObject(json.extensions) ? json.extensions : {};
  const vrm1 = isObject(extensions.VRMC_vrm) ? extensions.VRMC_vrm : null;
  const vrm0 = isObject(extensions.VRM) ? extensions.VRM : null;
  if (!vrm1 && !vrm0) return notVrm("no VRM extension");
  const nodes = list(json.nodes);
  if (!nodes) return notVrm("nodes is not a list");
  let version: VrmInfo["version"];
  let name = "";
  if (vrm1) {
    if (typeof vrm1.specVersion !== "string" || !vrm1.specVersion.startsWith("1.")) return notVrm("VRMC_vrm without specVersion 1.x");
    const bones = isObject(vrm1.humanoid) && isObject(vrm1.humanoid.humanBones) ? vrm1.humanoid.humanBones : null;
    for (const bone of ["hips", "head"])
      if (!bones || !isObject(bones[bone]) || !isIndex(bones[bone].node, nodes.length)) return notVrm(`humanoid without ${bone}`);
    version = "1.0";
    if (isObject(vrm1.meta) && typeof vrm1.meta.name === "string") name = vrm1.meta.name;
  } else {
    const bones = isObject(vrm0!.humanoid) ? list(vrm0!.humanoid.humanBones) : null;
    if (!bones) return notVrm("VRM humanoid without a bone list");
    for (const bone of ["hips", "head"])
      if (!bones.some((b) => isObject(b) && b.bone === bone && isIndex(b.node, nodes.length))) return notVrm(`humanoid without ${bone}`);
    version = "0.x";
    if (isObject(vrm0!.meta) && typeof vrm0!.meta.title === "string") name = vrm0!.meta.title;
  }

  // Buffers: only the GLB's own binary chunk (no external or data: URIs, whose size nothing bounds).
  const buffers = list(json.buffers);
  if (!buffers) return notVrm("buffers is not a list");
  if (buffers.length > 1) return notVrm("more than the GLB buffer");
  const buffer = buffers[0];
  if (
    buffer !== undefined &&
    (!isObject(buffer) || buffer.uri !== undefined || !isCount(buffer.byteLength) || buffer.byteLength > bin.length)
  )
    return notVrm("buffer does not fit the BIN chunk");
  const bufferLength = isObject(buffer) ? (buffer.byteLength as number) : 0;

  const views = list(json.bufferViews);
  if (!views) return notVrm("bufferViews is not a list");
  for (const v of views) {
    if (!isObject(v) || v.buffer !== 0 || !isCount(v.byteLength)) return notVrm("bad buffer view");
    const offset = v.byteOffset ?? 0;
    if (!isCount(offset) || offset + v.byteLength > bufferLength) return notVrm("buffer view past its buffer");
    if (v.byteStride !== undefined && (!isCount(v.byteStride) || v.byteStride < 4 || v.byteStride > 252)) return notVrm("bad byte stride");
  }

  const accessors = list(json.accessors);
  if (!accessors) return notVrm("accessors is not a list");
  for (const a of accessors) {
    if (!isObject(a) || !isCount(a.count) || typeof a.type !== "string") return notVrm("bad accessor");
    const element = (COMPONENT_BYTES[a.componentType as number] ?? 0) * (TYPE_COUNT[a.type] ?? 0);
    if (!element) return notVrm("bad accessor type");
    if (a.bufferView === undefined) continue; // zeros (or sparse): nothing to read from the buffer
    if (!isIndex(a.bufferView, views.length)) return notVrm("accessor's buffer view missing");
    const v = views[a.bufferView] as Json;
    const offset = a.byteOffset ?? 0;
    if (!isCount(offset)) return notVrm("bad accessor offset");
    const stride = (v.byteStride as number | undefined) ?? element;
    if (a.count > 0 && offset + (a.count - 1) * stride + element > (v.byteLength as number)) return notVrm("accessor past its buffer view");
  }

  // Meshes: counts, and every attribute and index naming an accessor that exists.
  const meshes = list(json.meshes);
  if (!meshes) return notVrm("meshes is not a list");
  if (meshes.length > AVATAR_LIMITS.maxMeshes) return tooComplex("meshes", AVATAR_LIMITS.maxMeshes);
  let primitives = 0;
  let vertices = 0;
  for (const m of meshes) {
    const prims = isObject(m) ? list(m.primitives) : null;
    if (!prims) return notVrm("bad mesh");
    primitives += prims.length;
    if (primitives > AVATAR_LIMITS.maxPrimitives) return tooComplex("primitives", AVATAR_LIMITS.maxPrimitives);
    for (const p of prims) {
      if (!isObject(p) || !isObject(p.attributes)) return notVrm("bad primitive");
      for (const index of Object.values(p.attributes)) if (!isIndex(index, accessors.length)) return notVrm("attribute's accessor missing");
      if (p.indices !== undefined && !isIndex(p.indices, accessors.length)) return notVrm("indices' accessor missing");
      const position = p.attributes.POSITION;
      if (isIndex(position, accessors.length)) vertices += (accessors[position] as Json).count as number;
      if (vertices > AVATAR_LIMITS.maxVertices) return tooComplex("vertices", AVATAR_LIMITS.maxVertices);
    }
  }

  // Textures and their images: embedded PNG or JPEG (or WebP) in a buffer view, each side within the limit.
  const textures = list(json.textures);
  const images = list(json.images);
  if (!textures || !images) return notVrm("textures or images is not a list");
  if (textures.length > AVATAR_LIMITS.maxTextures) return tooComplex("textures", AVATAR_LIMITS.maxTextures);
  if (images.length > AVATAR_LIMITS.maxTextures) return tooComplex("textures", AVATAR_LIMITS.maxTextures);
  for (const image of images) {
    if (!isObject(image) || image.uri !== undefined || !isIndex(image.bufferView, views.length)) return notVrm("image not embedded");
    const v = views[image.bufferView] as Json;
    const offset = (v.byteOffset as number | undefined) ?? 0;
    const info = imageInfo(bin.subarray(offset, offset + (v.byteLength as number)));
    if (!info) return notVrm("image is not PNG, JPEG or WebP");
    if (info.width > AVATAR_LIMITS.maxTextureSide || info.height > AVATAR_LIMITS.maxTextureSide)
      return tooComplex("textureSide", AVATAR_LIMITS.maxTextureSide);
    if (!imageComplete(bin.subarray(offset, offset + (v.byteLength as number)), info)) return notVrm("image cut short or damaged");
  }

  return { ok: true, info: { version, name, meshes: meshes.length, primitives, textures: textures.length, vertices } };
}
