// The labs' default avatars (docs/decisions/0041): small VRM 1.0 files made for this product,
// built here from hand-written glTF (no modelling tool): a head with hair, two eyes with a "blink" morph
// target, a mouth with an "aa" (open) morph target, a torso, and the humanoid skeleton VRM requires.
// Run: node scripts/make-avatars.mjs (writes public/labs/avatars/*.vrm and their icons, *.svg). `buildAvatar`
// is also what the tests use to make VRM files of their own (VRM 0.x too).

/** The default avatars: id, names and colours (linear RGB factors). */
export const AVATARS = [
  { id: "nari", name: "Nari", skin: [0.93, 0.76, 0.64], hair: [0.12, 0.07, 0.05], shirt: [0.2, 0.45, 0.85], eyes: [0.1, 0.1, 0.15] },
  { id: "haru", name: "Haru", skin: [0.82, 0.62, 0.48], hair: [0.45, 0.25, 0.1], shirt: [0.9, 0.5, 0.2], eyes: [0.15, 0.1, 0.05] },
  { id: "miro", name: "Miro", skin: [0.62, 0.8, 0.95], hair: [0.35, 0.2, 0.6], shirt: [0.25, 0.7, 0.45], eyes: [0.05, 0.05, 0.2] },
];

const GL = { FLOAT: 5126, USHORT: 5123, ARRAY: 34962, ELEMENTS: 34963 };

/** A UV sphere (or the part between polar angles t0 and t1) around `c`, scaled by `s` per axis. */
function sphere(c, s, rings = 12, segs = 16, t0 = 0, t1 = Math.PI) {
  const pos = [];
  const nrm = [];
  const idx = [];
  for (let r = 0; r <= rings; r++) {
    const t = t0 + ((t1 - t0) * r) / rings;
    for (let k = 0; k <= segs; k++) {
      const p = (2 * Math.PI * k) / segs;
      const n = [Math.sin(t) * Math.sin(p), Math.cos(t), Math.sin(t) * Math.cos(p)];
      nrm.push(...n);
      pos.push(c[0] + n[0] * s[0], c[1] + n[1] * s[1], c[2] + n[2] * s[2]);
    }
  }
  for (let r = 0; r < rings; r++)
    for (let k = 0; k < segs; k++) {
      const a = r * (segs + 1) + k;
      const b = a + segs + 1;
      idx.push(a, b, a + 1, b, b + 1, a + 1);
    }
  return { pos, nrm, idx };
}

/** A flat ellipse facing +z at `c` (half sizes w, h); its morph target sets the half height to `h2`. */
function ellipse(c, w, h, h2, segs = 20) {
  const pos = [...c];
  const nrm = [0, 0, 1];
  const morph = [0, 0, 0];
  const idx = [];
  for (let k = 0; k <= segs; k++) {
    const a = (2 * Math.PI * k) / segs;
    const y = Math.sin(a);
    pos.push(c[0] + Math.cos(a) * w, c[1] + y * h, c[2]);
    nrm.push(0, 0, 1);
    morph.push(0, y * (h2 - h), 0);
    if (k > 0) idx.push(0, k, k + 1);
  }
  return { pos, nrm, idx, morph };
}

/** Several parts as one primitive (indices offset). */
function merge(...parts) {
  const out = { pos: [], nrm: [], idx: [], morph: parts.some((p) => p.morph) ? [] : undefined };
  for (const p of parts) {
    const base = out.pos.length / 3;
    out.pos.push(...p.pos);
    out.nrm.push(...p.nrm);
    out.idx.push(...p.idx.map((i) => i + base));
    if (out.morph) out.morph.push(...(p.morph ?? new Array(p.pos.length).fill(0)));
  }
  return out;
}

const bounds = (pos) => {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < pos.length; i += 3)
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a], pos[i + a]);
      max[a] = Math.max(max[a], pos[i + a]);
    }
  return { min, max };
};

/**
 * A VRM file (GLB bytes) of one avatar. `version` "1.0" writes the VRMC_vrm extension, "0.x" the VRM
 * extension (blend shape groups, humanoid bone list) of VRM 0.x.
 */
export function buildAvatar(avatar, { version = "1.0" } = {}) {
  const chunks = [];
  let binLength = 0;
  const bufferViews = [];
  const accessors = [];
  const addView = (bytes, target) => {
    const pad = (4 - (binLength % 4)) % 4;
    if (pad) {
      chunks.push(new Uint8Array(pad));
      binLength += pad;
    }
    bufferViews.push({ buffer: 0, byteOffset: binLength, byteLength: bytes.byteLength, target });
    chunks.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    binLength += bytes.byteLength;
    return bufferViews.length - 1;
  };
  const vec3 = (values, withBounds) => {
    const view = addView(new Float32Array(values), GL.ARRAY);
    accessors.push({
      bufferView: view,
      componentType: GL.FLOAT,
      count: values.length / 3,
      type: "VEC3",
      ...(withBounds ? bounds(values) : {}),
    });
    return accessors.length - 1;
  };
  const indices = (values) => {
    const view = addView(new Uint16Array(values), GL.ELEMENTS);
    accessors.push({ bufferView: view, componentType: GL.USHORT, count: values.length, type: "SCALAR" });
    return accessors.length - 1;
  };
  const materials = [];
  const material = (name, rgb) => {
    materials.push({ name, pbrMetallicRoughness: { baseColorFactor: [...rgb, 1], metallicFactor: 0, roughnessFactor: 0.85 } });
    return materials.length - 1;
  };
  const meshes = [];
  const mesh = (name, prims) => {
    meshes.push({
      name,
      primitives: prims.map(({ geo, mat }) => ({
        attributes: { POSITION: vec3(geo.pos, true), NORMAL: vec3(geo.nrm) },
        indices: indices(geo.idx),
        material: mat,
        ...(geo.morph ? { targets: [{ POSITION: vec3(geo.morph, true) }] } : {}),
      })),
      ...(prims.some((p) => p.geo.morph) ? { weights: [0], extras: { targetNames: [prims[0].targetName] } } : {}),
    });
    return meshes.length - 1;
  };

  // Geometry in the head bone's space (head bone at y = 1.45 m); the face looks toward +z.
  const skin = material("skin", avatar.skin);
  const hair = material("hair", avatar.hair);
  const shirt = material("shirt", avatar.shirt);
  const eyeMat = material("eyes", avatar.eyes);
  const mouthMat = material("mouth", [0.55, 0.12, 0.16]);
  const headMesh = mesh("head", [
    { geo: sphere([0, 0.1, 0], [0.11, 0.13, 0.11]), mat: skin },
    { geo: sphere([0, 0.115, -0.01], [0.118, 0.138, 0.118], 8, 16, 0, Math.PI * 0.45), mat: hair },
  ]);
  const eyesMesh = mesh("eyes", [
    {
      geo: merge(ellipse([-0.038, 0.115, 0.106], 0.014, 0.018, 0.002), ellipse([0.038, 0.115, 0.106], 0.014, 0.018, 0.002)),
      mat: eyeMat,
      targetName: "blink",
    },
  ]);
  const mouthMesh = mesh("mouth", [{ geo: ellipse([0, 0.045, 0.108], 0.03, 0.003, 0.022), mat: mouthMat, targetName: "aa" }]);
  const bodyMesh = mesh("body", [{ geo: sphere([0, 0.05, 0], [0.2, 0.26, 0.12], 10, 16), mat: shirt }]);

  // Nodes: the humanoid skeleton (every bone VRM requires) and the meshes under it.
  const nodes = [];
  const node = (name, t, extra = {}) => {
    nodes.push({ name, translation: t, ...extra });
    return nodes.length - 1;
  };
  const bone = {};
  const chain = (names, start, step, parent) => {
    let p = parent;
    for (const [i, n] of names.entries()) {
      bone[n] = node(n, i === 0 ? start : step);
      (nodes[p].children ??= []).push(bone[n]);
      p = bone[n];
    }
  };
  bone.hips = node("hips", [0, 0.9, 0]);
  chain(["spine", "chest", "neck", "head"], [0, 0.12, 0], [0, 0.14, 0], bone.hips);
  nodes[bone.head].translation = [0, 0.15, 0];
  nodes[bone.neck].translation = [0, 0.15, 0];
  for (const side of ["left", "right"]) {
    const x = side === "left" ? 1 : -1;
    chain([`${side}UpperArm`, `${side}LowerArm`, `${side}Hand`], [0.18 * x, 0.12, 0], [0.25 * x, 0, 0], bone.chest);
    chain([`${side}UpperLeg`, `${side}LowerLeg`, `${side}Foot`], [0.09 * x, -0.05, 0], [0, -0.4, 0], bone.hips);
  }
  const attach = (parent, name, m) => {
    const n = node(name, [0, 0, 0], { mesh: m });
    (nodes[parent].children ??= []).push(n);
    return n;
  };
  attach(bone.chest, "bodyMesh", bodyMesh);
  attach(bone.head, "headMesh", headMesh);
  const eyesNode = attach(bone.head, "eyesMesh", eyesMesh);
  const mouthNode = attach(bone.head, "mouthMesh", mouthMesh);

  const humanBones = Object.entries(bone);
  const meta = { name: avatar.name, authors: ["Voice Studio"], version: "1" };
  const extensions =
    version === "1.0"
      ? {
          VRMC_vrm: {
            specVersion: "1.0",
            meta: {
              ...meta,
              licenseUrl: "https://vrm.dev/licenses/1.0/",
              avatarPermission: "everyone",
              commercialUsage: "corporation",
              creditNotation: "unnecessary",
              allowRedistribution: true,
              modification: "allowModificationRedistribution",
              allowExcessivelyViolentUsage: false,
              allowExcessivelySexualUsage: false,
              allowPoliticalOrReligiousUsage: false,
              allowAntisocialOrHateUsage: false,
            },
            humanoid: { humanBones: Object.fromEntries(humanBones.map(([n, i]) => [n, { node: i }])) },
            expressions: {
              preset: {
                aa: { morphTargetBinds: [{ node: mouthNode, index: 0, weight: 1 }] },
                blink: { morphTargetBinds: [{ node: eyesNode, index: 0, weight: 1 }] },
              },
            },
          },
        }
      : {
          VRM: {
            exporterVersion: "voice-studio-make-avatars",
            specVersion: "0.0",
            meta: { title: avatar.name, version: "1", author: "Voice Studio", allowedUserName: "Everyone", licenseName: "CC0" },
            humanoid: { humanBones: humanBones.map(([n, i]) => ({ bone: n, node: i, useDefaultValues: true })) },
            blendShapeMaster: {
              blendShapeGroups: [
                { name: "A", presetName: "a", binds: [{ mesh: mouthMesh, index: 0, weight: 100 }] },
                { name: "Blink", presetName: "blink", binds: [{ mesh: eyesMesh, index: 0, weight: 100 }] },
              ],
            },
          },
        };
  const json = {
    asset: { version: "2.0", generator: "voice-studio scripts/make-avatars.mjs" },
    extensionsUsed: Object.keys(extensions),
    scene: 0,
    scenes: [{ nodes: [bone.hips] }],
    nodes,
    meshes,
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength: binLength }],
    extensions,
  };
  return glb(json, concat(chunks, binLength));
}

function concat(chunks, length) {
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** glTF binary: the 12-byte header, the JSON chunk (padded with spaces) and the BIN chunk (padded with zeros). */
export function glb(json, bin) {
  let text = new TextEncoder().encode(JSON.stringify(json));
  const jsonPad = (4 - (text.length % 4)) % 4;
  const jsonBytes = new Uint8Array(text.length + jsonPad).fill(0x20);
  jsonBytes.set(text);
  text = jsonBytes;
  const binPad = (4 - (bin.length % 4)) % 4;
  const total = 12 + 8 + text.length + (bin.length ? 8 + bin.length + binPad : 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x46546c67, true);
  v.setUint32(4, 2, true);
  v.setUint32(8, total, true);
  v.setUint32(12, text.length, true);
  v.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  if (bin.length) {
    const at = 20 + text.length;
    v.setUint32(at, bin.length + binPad, true);
    v.setUint32(at + 4, 0x004e4942, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** A linear RGB factor as an sRGB hex colour (the glTF colours are linear; SVG's are sRGB). */
const hex = (rgb) =>
  `#${rgb
    .map((c) => {
      const s = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
      return Math.round(Math.min(1, Math.max(0, s)) * 255)
        .toString(16)
        .padStart(2, "0");
    })
    .join("")}`;

/**
 * The avatar's icon for the choose step: the same head, hair, eyes, mouth and shirt in the same
 * colours, drawn flat as SVG (an emoji would need a font that a headless browser may not have).
 */
export function avatarIcon(a) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">`,
    `<title>${a.name}</title>`,
    `<rect width="64" height="64" rx="32" fill="#e0e7ff"/>`,
    `<path d="M12 64c0-13 9-20 20-20s20 7 20 20z" fill="${hex(a.shirt)}"/>`,
    `<ellipse cx="32" cy="29" rx="15" ry="16" fill="${hex(a.skin)}"/>`,
    `<path d="M16 28c0-11 7-17 16-17s16 6 16 17c-3-5-9-8-16-8s-13 3-16 8z" fill="${hex(a.hair)}"/>`,
    `<ellipse cx="26" cy="30" rx="2" ry="2.6" fill="${hex(a.eyes)}"/>`,
    `<ellipse cx="38" cy="30" rx="2" ry="2.6" fill="${hex(a.eyes)}"/>`,
    `<ellipse cx="32" cy="38" rx="4" ry="1.6" fill="#8a2f3a"/>`,
    `</svg>`,
    ``,
  ].join("\n");
}

if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  mkdirSync("public/labs/avatars", { recursive: true });
  for (const a of AVATARS) {
    const bytes = buildAvatar(a);
    writeFileSync(`public/labs/avatars/${a.id}.vrm`, bytes);
    console.log(`public/labs/avatars/${a.id}.vrm ${bytes.length} bytes`);
    writeFileSync(`public/labs/avatars/${a.id}.svg`, avatarIcon(a));
  }
}
