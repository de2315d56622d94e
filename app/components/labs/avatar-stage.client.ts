/**
 * The avatar talk stage (docs/decisions/0041): three + @pixiv/three-vrm render a VRM avatar
 * speaking an audio element, in the browser only. This module is the only importer of three and
 * three-vrm; it is `.client.ts` (never in the server bundle) and loaded with `import()` by
 * AvatarStage.tsx on /labs/avatar only, so no other page's JavaScript contains them.
 *
 * Lip-sync: the audio runs through a Web Audio analyser; every frame the mouth opening is its level (RMS
 * in dB mapped from -50..-10 dB to 0..1) and, when the avatar has the vowel expressions, the balance of
 * a low (250-900 Hz, first formant) and a high (1.2-3 kHz, second formant) band picks between aa, oh and
 * ih. The weight is smoothed (fast attack, slower release). Idle: breathing, a slow head sway, blinking
 * every 2-6 s.
 */
import { VRMLoaderPlugin, VRMUtils, type VRM } from "@pixiv/three-vrm";
import * as THREE from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { audioGraph, runStage, stageAudio, type Stage, type StageStats } from "./media-stage";

/** What tests read (tests/e2e/labs.spec.ts): the mouth's blend-shape weight now, and render timings. */
declare global {
  interface Window {
    __avatarMouth?: number;
    __avatarStats?: StageStats;
  }
}

export class NoWebGLError extends Error {
  constructor() {
    super("webgl");
  }
}

const smooth = (current: number, target: number) => current + (target - current) * (target > current ? 0.55 : 0.18);

/** A stage on `canvas` for the VRM at `url`, lip-synced to the audio at `audioUrl`. Throws NoWebGLError without WebGL. */
export async function createStage(canvas: HTMLCanvasElement, url: string, audioUrl: string): Promise<Stage> {
  const started = performance.now();
  const audio = stageAudio(audioUrl);
  let renderer: THREE.WebGLRenderer;
  try {
    // preserveDrawingBuffer: the poster frame and the canvas capture read the last frame.
    renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true, powerPreference: "low-power" });
  } catch {
    throw new NoWebGLError();
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xeef2ff);
  const camera = new THREE.PerspectiveCamera(30, 1, 0.1, 20);
  camera.position.set(0, 1.45, 1.4);
  camera.lookAt(0, 1.42, 0);
  const light = new THREE.DirectionalLight(0xffffff, 2.2);
  light.position.set(0.5, 2, 1.5);
  scene.add(light, new THREE.AmbientLight(0xffffff, 0.9));

  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  const gltf = await loader.loadAsync(url);
  const vrm = gltf.userData.vrm as VRM | undefined;
  if (!vrm) throw new Error("not a VRM");
  VRMUtils.removeUnnecessaryVertices(gltf.scene);
  VRMUtils.combineSkeletons(gltf.scene);
  if (vrm.meta?.metaVersion === "0") VRMUtils.rotateVRM0(vrm);
  // Frame the head: from the head bone's height, whatever the avatar's size.
  const head = vrm.humanoid.getNormalizedBoneNode("head");
  scene.add(vrm.scene);
  vrm.scene.updateMatrixWorld(true);
  if (head) {
    const at = head.getWorldPosition(new THREE.Vector3());
    camera.position.set(0, at.y + 0.02, at.z + 1.4);
    camera.lookAt(0, at.y - 0.03, at.z);
  }
  const expressions = vrm.expressionManager;
  const has = (name: string) => !!expressions?.getExpression(name);
  const vowels = has("oh") && has("ih");

  // The audio graph: element -> analyser -> speakers (and a stream destination for video letters).
  const graph = audioGraph(audio, { fftSize: 1024, smoothing: 0.3 });
  const { context, analyser } = graph;
  const wave = new Float32Array(analyser.fftSize);
  const spectrum = new Float32Array(analyser.frequencyBinCount);
  const band = (lo: number, hi: number) => {
    const hz = context.sampleRate / analyser.fftSize;
    let sum = 0;
    for (let i = Math.floor(lo / hz); i <= Math.ceil(hi / hz) && i < spectrum.length; i++) sum += 10 ** (spectrum[i]! / 10);
    return sum;
  };

  const resize = () => {
    const w = canvas.clientWidth || 360;
    const h = canvas.clientHeight || 360;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };
  resize();
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);

  let mouth = 0;
  let nextBlink = 1.5;
  const clock = new THREE.Clock();
  const chest = vrm.humanoid.getNormalizedBoneNode("chest") ?? vrm.humanoid.getNormalizedBoneNode("spine");
  const neck = vrm.humanoid.getNormalizedBoneNode("neck") ?? head;

  const draw = () => {
    const dt = Math.min(clock.getDelta(), 0.1);
    const t = clock.elapsedTime;
    // Lip-sync from the audio while it plays.
    let target = 0;
    let low = 1;
    let high = 0;
    if (!audio.paused) {
      analyser.getFloatTimeDomainData(wave);
      let sq = 0;
      for (const s of wave) sq += s * s;
      const db = 10 * Math.log10(sq / wave.length + 1e-12);
      target = Math.min(1, Math.max(0, (db + 50) / 40));
      if (vowels && target > 0.05) {
        analyser.getFloatFrequencyData(spectrum);
        low = band(250, 900);
        high = band(1200, 3000);
      }
    }
    mouth = smooth(mouth, target);
    if (expressions) {
      if (vowels) {
        const brightness = high / (low + high + 1e-12);
        expressions.setValue("aa", mouth * (1 - brightness));
        expressions.setValue("ih", mouth * brightness * 0.8);
        expressions.setValue("oh", mouth * Math.max(0, 0.5 - brightness) * 0.6);
      } else expressions.setValue("aa", mouth);
      // Blinking: closed for 0.15 s every 2-6 s.
      nextBlink -= dt;
      const closing = nextBlink < 0 ? Math.max(0, 1 - Math.abs(nextBlink + 0.075) / 0.075) : 0;
      if (nextBlink < -0.15) nextBlink = 2 + Math.random() * 4;
      expressions.setValue("blink", closing);
    }
    window.__avatarMouth = mouth;
    // Idle motion: breathing and a slow sway, a little livelier while speaking.
    if (chest) chest.rotation.x = Math.sin(t * 1.6) * 0.015;
    if (neck) {
      neck.rotation.y = Math.sin(t * 0.5) * 0.08;
      neck.rotation.x = Math.sin(t * 0.8) * 0.03 + mouth * 0.03;
      neck.rotation.z = Math.sin(t * 0.35) * 0.03;
    }
    vrm.update(dt);
    renderer.render(scene, camera);
  };

  return runStage({
    canvas,
    audio,
    graph,
    started,
    draw,
    report: (stats: StageStats) => {
      window.__avatarStats = stats;
    },
    poster: { type: "image/png" },
    release() {
      observer.disconnect();
      VRMUtils.deepDispose(vrm.scene);
      renderer.dispose();
    },
  });
}
