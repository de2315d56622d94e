// A stand-in of a remote speech inference service (the HTTP engine's contract,
// workers/api/src/speech/http-engine.ts), answered for the host engine.test by the workerd tests'
// outbound stand-in (providers.ts) and by the browser tests' server (tests/e2e/engine-server.mjs). It speaks a tone instead of a voice: F0 = 200 Hz shifted by `pitch` semitones,
// 70 ms of sound per character divided by `tempo`, at the requested rate as 16-bit PCM WAV.
// A text containing "FAIL" answers 500, as a crashed inference would.
// /v1/convert (multipart: audio = 16-bit PCM WAV, voice = JSON, lang, sample_rate) answers a 300 Hz
// tone as long as the recording, sounding where the recording is louder than -40 dBFS; a voice id
// containing "FAIL" answers 500.
// A text or voice id containing "SLOW" is answered after 2 s, as a busy inference would (work that
// stays in progress while a test looks at it).
// /v1/voices (multipart: audio = WAV, one or more; lang, gender, profile = JSON) answers {voice_id}
// naming the language, gender and the profile's median F0 (`standin-ko-female-197`); /v1/synthesize
// with such a voice (voice.params.remoteId) speaks at that F0, so a created voice is heard as made.
// A gender "FAIL" answers 500; a form without audio, lang or profile 400.
// DELETE /v1/voices/{id} deletes a voice it made (204; 404 when it has none of that id; an id containing
// "FAIL" answers 500, one containing "SLOW" answers after 2 s); GET /v1/voices/{id} (not in the contract: for the tests) answers 200 while it has it.
// It counts the voices it holds per id (module memory: per workerd test file, or per browser test server).
const held = new Map();

export async function engineStandin(request, url) {
  const voice = /^\/v1\/voices\/([\w.:-]{1,128})$/.exec(url.pathname);
  if (voice && (request.method === "DELETE" || request.method === "GET")) return heldVoice(request, decodeURIComponent(voice[1]));
  const paths = ["/v1/synthesize", "/v1/convert", "/v1/voices"];
  if (request.method !== "POST" || !paths.includes(url.pathname)) return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== "Bearer engine-test-key") return Response.json({ error: "unauthorized" }, { status: 401 });
  if (url.pathname === "/v1/convert") return convertStandin(request);
  if (url.pathname === "/v1/voices") return voicesStandin(request);
  const body = await request.json().catch(() => null);
  if (!body || typeof body.text !== "string" || !body.voice || typeof body.sample_rate !== "number")
    return Response.json({ error: "bad request" }, { status: 400 });
  if (body.text.includes("FAIL")) return Response.json({ error: "inference crashed" }, { status: 500 });
  if (body.text.includes("SLOW")) await new Promise((resolve) => setTimeout(resolve, 2000));
  const rate = body.sample_rate;
  const seconds = (0.07 * [...body.text].length) / (body.tempo || 1);
  const n = Math.round(seconds * rate);
  const created = /^standin-\w+-\w+-(\d+)(?:-x\d+)?$/.exec(body.voice.params?.remoteId ?? "");
  const f0 = (created ? Number(created[1]) : 200) * 2 ** ((body.pitch || 0) / 12);
  return tone(n, rate, () => 1, f0);
}

async function voicesStandin(request) {
  const form = await request.formData().catch(() => null);
  const audio = form?.getAll("audio") ?? [];
  const profile = JSON.parse(form?.get("profile") ?? "null");
  const lang = form?.get("lang");
  const gender = form?.get("gender");
  if (audio.length === 0 || audio.some((a) => typeof a === "string") || !profile || !lang || !gender)
    return Response.json({ error: "bad request" }, { status: 400 });
  if (gender === "FAIL") return Response.json({ error: "inference crashed" }, { status: 500 });
  // Several recordings (a custom voice's up to 5 files): the id also says how many arrived and that each was a WAV.
  const wavs = await Promise.all(audio.map(async (a) => new TextDecoder().decode((await a.arrayBuffer()).slice(0, 4)) === "RIFF"));
  const count = audio.length > 1 ? `-x${wavs.filter(Boolean).length}` : "";
  const id = `standin-${lang}-${gender}-${Math.round(profile.f0 ?? 200)}${count}`;
  held.set(id, (held.get(id) ?? 0) + 1);
  return Response.json({ voice_id: id });
}

async function heldVoice(request, id) {
  if (request.headers.get("authorization") !== "Bearer engine-test-key") return Response.json({ error: "unauthorized" }, { status: 401 });
  const n = held.get(id) ?? 0;
  if (request.method === "GET")
    return n > 0 ? Response.json({ voice_id: id, count: n }) : Response.json({ error: "not found" }, { status: 404 });
  if (id.includes("FAIL")) return Response.json({ error: "inference crashed" }, { status: 500 });
  if (id.includes("SLOW")) await new Promise((resolve) => setTimeout(resolve, 2000));
  if (n === 0) return Response.json({ error: "not found" }, { status: 404 });
  if (n === 1) held.delete(id);
  else held.set(id, n - 1);
  return new Response(null, { status: 204 });
}

async function convertStandin(request) {
  const form = await request.formData().catch(() => null);
  const audio = form?.get("audio");
  const voice = JSON.parse(form?.get("voice") ?? "null");
  const rate = Number(form?.get("sample_rate"));
  if (!audio || typeof audio === "string" || !voice?.id || !rate) return Response.json({ error: "bad request" }, { status: 400 });
  if (voice.id.includes("FAIL")) return Response.json({ error: "inference crashed" }, { status: 500 });
  if (voice.id.includes("SLOW")) await new Promise((resolve) => setTimeout(resolve, 2000));
  const bytes = new Uint8Array(await audio.arrayBuffer());
  const view = new DataView(bytes.buffer);
  const text = (at, len) => String.fromCharCode(...bytes.subarray(at, at + len));
  if (text(0, 4) !== "RIFF" || text(8, 4) !== "WAVE") return Response.json({ error: "not a wav" }, { status: 400 });
  let at = 12;
  let fmtRate = 0;
  while (at + 8 <= bytes.length) {
    const id = text(at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") fmtRate = view.getUint32(at + 12, true);
    if (id === "data") {
      const count = Math.floor(Math.min(size, bytes.length - at - 8) / 2);
      const n = Math.round((count * rate) / fmtRate);
      const loud = (i) => Math.abs(view.getInt16(at + 8 + 2 * Math.min(count - 1, Math.floor((i * fmtRate) / rate)), true)) > 327;
      return tone(n, rate, loud, 300);
    }
    at += 8 + size + (size % 2);
  }
  return Response.json({ error: "no data chunk" }, { status: 400 });
}

function tone(n, rate, gate, f0) {
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
  for (let i = 0; i < n; i++)
    view.setInt16(44 + i * 2, gate(i) ? Math.round(0.3 * 32767 * Math.sin((2 * Math.PI * f0 * i) / rate)) : 0, true);
  return new Response(bytes, { headers: { "content-type": "audio/wav" } });
}
