// `npm run bench:xinference` (also a step of `npm run bench`): the product's own cost per sentence with
// VOICE_ENGINE=xinference, against the stand-in of Xinference's API answering at once (tests/e2e/engine-server.mjs with
// STANDIN_INSTANT=1), and the first-audio time of a job. Needs `npm run build`. Side by side in one run:
// - the stand-in alone: the same speech request the engine sends (JSON for a preset speaker; multipart with the reference
//   clip for a cloned voice), timed from Node: the server's share, here almost nothing;
// - `POST /api/v1/studio/tts` of one sentence through the production build (app worker -> api worker -> engine -> stand-in,
//   checks, post-processing, R2, D1, the allowance): the product's whole path for that sentence.
// The difference of the medians is the product's own overhead per sentence. Then a three-paragraph project is generated
// as a job and the progress stream is read: the time from the generate request to the first paragraph's audio, and to
// the last, and to the first sentence fetched as the editor fetches it (published before its paragraph is done). The
// same job then runs on the embedded engine (the default) on a freshly started server: its first run cold, then warm.
// Figures are for comparison within one run on this machine.
import { spawn } from "node:child_process";
import { wranglerEnv } from "./wrangler-env.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8794);
const ENGINE_PORT = Number(process.env.BENCH_ENGINE_PORT ?? 8793);
const RUNS = Number(process.env.BENCH_XINFERENCE_RUNS ?? 15);
let base = `http://127.0.0.1:${PORT}`;
const engineBase = `http://127.0.0.1:${ENGINE_PORT}`;
const KEY = "xinference-test-key";
const SENTENCE = { ko: "오늘 회의는 세 시에 시작합니다.", en: "The meeting starts at three o'clock today." };

const children = [];
const stop = () => children.forEach((c) => (c.exitCode === null ? process.kill(-c.pid, "SIGTERM") : null));
process.on("exit", stop);
process.on("SIGINT", () => process.exit(1));

const start = (cmd, args, env) => {
  const child = spawn(cmd, args, { env, stdio: "ignore", detached: true });
  children.push(child);
  return child;
};
async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`bench-xinference: ${url} did not start`);
}

const env = wranglerEnv({
  PORT: String(PORT),
  PERSIST_DIR: ".wrangler/bench-xinference-state",
  CI: "1",
  EXTRA_VARS: [
    "VOICE_ENGINE=xinference",
    `XINFERENCE_URL=${engineBase}/`,
    `XINFERENCE_API_KEY=${KEY}`,
    "XINFERENCE_TTS_MODEL=cosyvoice2",
    "XINFERENCE_ASR_MODEL=whisper-large-v3",
    "XINFERENCE_PRESET_MODEL_KO=melotts-korean",
    "XINFERENCE_PRESET_MODEL_EN=melotts-english",
  ].join(","),
});
start("node", ["tests/e2e/engine-server.mjs"], { ...process.env, ENGINE_PORT: String(ENGINE_PORT), STANDIN_INSTANT: "1" });
await new Promise((resolve, reject) => {
  const setup = spawn("npx", ["tsx", "scripts/setup-db.ts"], { env, stdio: "ignore" });
  setup.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`setup-db exited ${code}`))));
});
start("node", ["scripts/serve.mjs"], env);
await Promise.all([waitFor(`${engineBase}/healthz`), waitFor(`${base}/healthz`)]);

async function api(path, init = {}, token) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.json || init.body ? "POST" : "GET"),
    headers: {
      lang: "kr",
      ...(token ? { "api-key": token } : {}),
      ...(init.json ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.json ? JSON.stringify(init.json) : init.body,
  });
  const body = await res.json();
  if (!res.ok || body.success === false) throw new Error(`bench-xinference: ${path} ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

async function signUp() {
  const email = `bench-xi-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const ip = { "cf-connecting-ip": `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` };
  await api("/api/v1/member/certemail", { json: { email }, headers: ip });
  const mail = (await api("/api/v1/dev/mailbox")).find((m) => m.to === email);
  const cert = mail.text.match(/\b(\d{6})\b/)[1];
  const { ticket } = await api("/api/v1/member/checkcert", { json: { email, cert }, headers: ip });
  const member = await api("/api/v1/member/createmember", {
    json: { email, password: "Voice#2026a", cert_ticket: ticket, agree_service: true, agree_privacy: true, age_over_14: true },
    headers: ip,
  });
  return member.token;
}

/** 8 s of a voice (phrases with pauses) as 16-bit WAV, for the open voice the cloned measurements use. */
function recording(seconds = 8, f0 = 150, rate = 24_000) {
  const n = Math.round(seconds * rate);
  const bytes = new Uint8Array(44 + n * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at, text) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + n * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, n * 2, true);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    if (t % 2 > 1.65) continue;
    phase += (2 * Math.PI * f0 * 2 ** ((2 * Math.sin(2 * Math.PI * 0.7 * t)) / 12)) / rate;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) ** 0.7;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase) / h ** 1.5;
    view.setInt16(44 + i * 2, Math.round(0.15 * syllable * v * 32767), true);
  }
  return bytes;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(fn, runs = RUNS) {
  await fn();
  await fn();
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

const token = await signUp();
// A cloned voice: an open voice from the recording (draft, then publish), whose reference clip the api keeps in R2.
const draftForm = new FormData();
draftForm.set("lang", "ko");
draftForm.set("gender", "female");
draftForm.set("file", new File([recording()], "take.wav", { type: "audio/wav" }));
const draft = await api("/api/v1/voices/open/drafts", { body: draftForm }, token);
const publish = new FormData();
for (const [k, v] of Object.entries({
  draft_id: draft.draft_id,
  tone: "medium",
  gender: "female",
  age: "young",
  name: "벤치",
  intro: "벤치",
}))
  publish.set(k, v);
for (const f of ["calm", "warm"]) publish.append("features", f);
publish.append("categories", "narration");
const cloned = await api("/api/v1/voices/open", { body: publish }, token);

const standinSpeech = (body, prompt) => {
  const headers = { authorization: `Bearer ${KEY}` };
  if (!prompt)
    return fetch(`${engineBase}/v1/audio/speech`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.set(k, v === null ? "" : String(v));
  form.set("prompt_speech", new Blob([prompt], { type: "audio/wav" }), "prompt.wav");
  return fetch(`${engineBase}/v1/audio/speech`, { method: "POST", headers, body: form });
};
const clip = recording(10);
const cases = [
  {
    name: "basic voice (preset speaker, MeloTTS-Korean)",
    voice: "ko-seoyeon",
    standin: () =>
      standinSpeech({ model: "melotts-korean", input: SENTENCE.ko, voice: null, response_format: "wav", speed: 1, stream: false }),
  },
  {
    name: "cloned voice (CosyVoice 2)",
    voice: cloned.id,
    standin: () =>
      standinSpeech(
        {
          model: "cosyvoice2",
          input: SENTENCE.ko,
          voice: null,
          response_format: "wav",
          speed: 1,
          stream: false,
          kwargs: JSON.stringify({ prompt_text: "음성" }),
        },
        clip,
      ),
  },
];

const rows = [];
for (const c of cases) {
  const alone = await timed(async () => {
    const res = await c.standin();
    await res.arrayBuffer();
  });
  const product = await timed(() => api("/api/v1/studio/tts", { json: { text: SENTENCE.ko, voice_id: c.voice, lang: "ko" } }, token));
  rows.push({ name: c.name, alone, product });
}

// A job: three paragraphs in one voice, generated; the progress stream read until the end, timing the first sentence
// fetched as the editor fetches it, the first paragraph done and the whole job.
// The first paragraph has three sentences: its first is heard before the paragraph is done.
const texts = [
  `${SENTENCE.ko} 자료는 미리 읽어 오세요. 늦지 않게 와 주세요.`,
  "두 번째 문단은 조금 더 깁니다. 문장이 두 개입니다.",
  "세 번째 문단으로 끝납니다.",
];
async function jobRuns(token, voiceId, runs) {
  const project = await api("/api/v1/studio/projects", { json: { name: "bench", type: "tts" } }, token);
  // A new project has one paragraph, which a save keeps (by its id).
  const firstId = (await api(`/api/v1/studio/projects/${project.id}`, {}, token)).paragraphs[0].id;
  const paragraphsFor = (suffix) =>
    texts.map((text, i) => ({ ...(i === 0 ? { id: firstId } : {}), text: `${text}${suffix}`, voice_id: voiceId }));
  const times = [];
  for (let run = 0; run < runs; run++) {
    // A changed text each run, so every paragraph is generated again.
    await api(
      `/api/v1/studio/projects/${project.id}/paragraphs`,
      { method: "PUT", json: { paragraphs: paragraphsFor(` ${run + 1}`) } },
      token,
    );
    const t0 = performance.now();
    const job = await api(`/api/v1/studio/projects/${project.id}/generate`, { json: {} }, token);
    const res = await fetch(`${base}/api/v1/studio/jobs/${job.job_id}/events`, {
      headers: { lang: "kr", "api-key": token, accept: "text/event-stream" },
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let sentence = null;
    let first = null;
    let last = null;
    while (last === null) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const frames = buffer.split("\n\n");
      buffer = frames.pop() ?? "";
      for (const frame of frames) {
        if (!frame.startsWith("data: ")) continue;
        const state = JSON.parse(frame.slice("data: ".length));
        const published = state.items?.find((i) => (i.parts ?? 0) > 0);
        if (sentence === null && published) {
          // Available to the browser: the first sentence fetched as the editor fetches it.
          const part = await fetch(`${base}/api/v1/studio/jobs/${job.job_id}/parts/${published.paragraphId}/0`, {
            headers: { lang: "kr", "api-key": token },
          });
          await part.arrayBuffer();
          if (part.ok) sentence = performance.now() - t0;
        }
        if (first === null && state.items?.some((i) => i.status === "done")) first = performance.now() - t0;
        if (state.status === "completed" || state.status === "failed") last = performance.now() - t0;
      }
    }
    await reader.cancel().catch(() => {});
    times.push({ sentence, first, last });
  }
  return times;
}
const jobTimes = await jobRuns(token, cloned.id, 3);

// The embedded engine (the default): the same job with a seeded basic voice on a freshly started server, its first
// run cold (the engine starts on the first sentence), then warm.
stop();
children.length = 0;
const EMBEDDED_PORT = PORT + 10;
base = `http://127.0.0.1:${EMBEDDED_PORT}`;
const embeddedEnv = wranglerEnv({ PORT: String(EMBEDDED_PORT), PERSIST_DIR: ".wrangler/bench-embedded-state", CI: "1" });
await new Promise((resolve, reject) => {
  const setup = spawn("npx", ["tsx", "scripts/setup-db.ts"], { env: embeddedEnv, stdio: "ignore" });
  setup.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`setup-db exited ${code}`))));
});
start("node", ["scripts/serve.mjs"], embeddedEnv);
await waitFor(`${base}/healthz`);
const embeddedTimes = await jobRuns(await signUp(), "ko-seoyeon", 6);

console.log("\n## Xinference mode (stand-in answering at once), one sentence of Korean\n");
console.log("| voice | stand-in alone (median) | `POST /studio/tts` (median) | product's own overhead | ratio |");
console.log("|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.alone.toFixed(1)} ms | ${r.product.toFixed(1)} ms | ${(r.product - r.alone).toFixed(1)} ms | ${(r.product / r.alone).toFixed(1)}x |`,
  );
console.log(`\n(${RUNS} runs each after two warm-up runs; sequential requests from Node.)`);
const jobTable = (title, times, label) => {
  console.log(`\n## ${title}: after the generate request, the first sentence fetched, the first paragraph done, the whole job\n`);
  console.log("| run | first sentence | first paragraph | whole job |");
  console.log("|---|---|---|---|");
  times.forEach((j, i) =>
    console.log(`| ${label(i)} | ${j.sentence?.toFixed(0)} ms | ${j.first?.toFixed(0)} ms | ${j.last?.toFixed(0)} ms |`),
  );
};
jobTable("A job of three paragraphs, Xinference mode (cloned voice, stand-in answering at once)", jobTimes, (i) => String(i + 1));
jobTable("The same job on the embedded engine (basic voice ko-seoyeon, fresh server)", embeddedTimes, (i) =>
  i === 0 ? "1 (cold)" : `${i + 1} (warm)`,
);
stop();
process.exit(0);
