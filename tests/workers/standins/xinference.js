// A stand-in of Xinference's REST API (xorbitsai/inference, read at commit 7ecec16 of 2026-08-23), for the workerd tests
// (host xinference.test, through providers.ts) and the browser tests' server (tests/e2e/engine-server.mjs). It parses
// each request the way Xinference's own code does and answers in its shapes; only the audio is made up.
//
// What it follows, from xinference/api/restful_api.py and xinference/model/audio/:
// - Auth: every route wants `Authorization: Bearer <key>` (401 {"detail"} otherwise) when a key is set.
// - GET /v1/models: {"object":"list","data":[{"id","object":"model","created":0,"owned_by":"xinference", ...description}]},
//   an audio model's description being {model_type:"audio", address, accelerators, model_name, model_family,
//   model_revision, model_ability, model_engine} (model/audio/core.py to_description).
// - POST /v1/audio/speech (create_speech): a JSON body, or a multipart form when a `prompt_speech` file is sent; the body
//   is SpeechRequest {model, input, voice (required, may be null), response_format="mp3", speed=1.0, stream=false,
//   kwargs (a JSON string)}: a body SpeechRequest refuses is an unhandled error (500, text "Internal Server Error").
//   An unknown model uid is 404 {"detail"} (api/utils.py require_model, from v3.0). Everything the model raises is 500 {"detail"}.
//   `stream: true` answers the encoder's bytes as they come (EventSourceResponse over application/octet-stream: the
//   items are raw bytes, no SSE framing); with response_format "wav" the first bytes are the header, whose sizes are
//   unknown (0xFFFFFFFF) while streaming. Non-streamed WAV is what torchaudio.save writes from a float tensor: 32-bit float.
//   CosyVoice (model/audio/cosyvoice.py): prompt_speech + prompt_text is zero-shot, prompt_speech + instruct_text is
//   instruct2 (CosyVoice2 only), prompt_speech alone cross-lingual; the prompt is read with torchaudio (must be audio);
//   `speed` is taken and not used; 24 kHz. MeloTTS (model/audio/melotts.py): no stream ("MeloTTS does not support stream
//   mode."), `voice` must be one of the checkpoint's speakers, `speed` is applied; 44.1 kHz. Qwen3-TTS Base
//   (model/audio/qwen3_tts.py): no stream, `language` among the checkpoint's lower-cased names, prompt_text required with
//   the clip. FishSpeech (model/audio/fish_speech.py): the clip and prompt_text as its reference, voice and speed ignored.
// - POST /v1/audio/transcriptions (create_transcriptions): multipart {model, file, language, prompt, response_format="json",
//   temperature, kwargs, timestamp_granularities[]}; whisper answers {"text"} for json and, for verbose_json,
//   {task, language, duration, text, segments:[{id, seek, start, end, text, tokens, temperature, avg_logprob,
//   compression_ratio, no_speech_prob}]} (model/audio/whisper.py).
//
// The audio: a tone of 70 ms per character, at 200 Hz for a preset speaker
// or, for a cloned voice, the F0 measured on its prompt, so that a voice made from a recording is heard as made. The
// transcription: one segment per stretch of sound, its text "음성" / "voice" repeated to the stretch's length.
// Controls for the tests: an input containing FAIL answers 500 {"detail"}, BUSY 503 with Retry-After (a model loading),
// GARBAGE answers 200 with bytes that are not audio, EMPTY answers 200 with no bytes, SLOW answers after 2 s; a recording of the word "FAIL" cannot be given (audio
// has no words here), so a transcription of a file named FAIL.wav answers 500.

export const XINFERENCE_KEY = "xinference-test-key";

/** The models launched on this stand-in (uid -> spec), as `xinference launch` would have them. */
export const LAUNCHED = {
  cosyvoice2: {
    model_name: "CosyVoice2-0.5B",
    model_family: "CosyVoice",
    model_ability: ["text2audio", "text2audio_zero_shot", "text2audio_voice_cloning"],
    rate: 24000,
  },
  "whisper-large-v3": { model_name: "whisper-large-v3", model_family: "whisper", model_ability: ["audio2text"] },
  "fish-speech": {
    model_name: "FishSpeech-1.5",
    model_family: "FishAudio",
    model_ability: ["text2audio", "text2audio_zero_shot", "text2audio_voice_cloning"],
    rate: 44100,
  },
  "qwen3-tts": {
    model_name: "Qwen3-TTS-12Hz-1.7B-Base",
    model_family: "qwen3_tts",
    model_ability: ["text2audio", "text2audio_voice_cloning"],
    rate: 24000,
  },
  indextts2: {
    model_name: "IndexTTS2",
    model_family: "IndexTTS2",
    model_ability: ["text2audio", "text2audio_zero_shot", "text2audio_voice_cloning", "text2audio_emotion_control"],
    rate: 22050,
  },
  "melotts-korean": {
    model_name: "MeloTTS-Korean",
    model_family: "MeloTTS",
    model_ability: ["text2audio", "text2audio_zero_shot"],
    rate: 44100,
    speakers: ["KR"],
  },
  "melotts-english": {
    model_name: "MeloTTS-English",
    model_family: "MeloTTS",
    model_ability: ["text2audio", "text2audio_zero_shot"],
    rate: 44100,
    speakers: ["EN-US", "EN-BR", "EN_INDIA", "EN-AU", "EN-Default"],
  },
};

/** The pause between streamed parts (ms); the benchmark sets 0 (a server answering at once). */
export const timing = { chunkMs: 5 };

/** Every request this stand-in was sent, newest last (module memory: per workerd test file, or per browser test server). */
export const received = [];

const detail = (status, text) => Response.json({ detail: text }, { status });
const internal = () => new Response("Internal Server Error", { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function xinferenceStandin(request, url) {
  // For the tests only (not Xinference's): what was received, and a clean slate.
  if (url.pathname === "/_standin/received") {
    if (request.method === "DELETE") received.length = 0;
    return Response.json(received);
  }
  if (request.headers.get("authorization") !== `Bearer ${XINFERENCE_KEY}`) return detail(401, "Could not validate credentials");
  if (request.method === "GET" && url.pathname === "/v1/models") return models();
  if (request.method === "POST" && url.pathname === "/v1/audio/speech") return speech(request);
  if (request.method === "POST" && url.pathname === "/v1/audio/transcriptions") return transcriptions(request);
  return Response.json({ detail: "Not Found" }, { status: 404 });
}

function models() {
  const data = Object.entries(LAUNCHED).map(([id, m]) => ({
    id,
    object: "model",
    created: 0,
    owned_by: "xinference",
    model_type: "audio",
    address: "127.0.0.1:35123",
    accelerators: ["0"],
    model_name: m.model_name,
    model_family: m.model_family,
    model_revision: null,
    model_ability: m.model_ability,
    model_engine: null,
  }));
  return Response.json({ object: "list", data });
}

/** SpeechRequest.parse_obj (pydantic): the fields with their types; null when the body does not parse. */
function speechRequest(f) {
  if (!f || typeof f !== "object") return null;
  const str = (v) => typeof v === "string";
  // pydantic v1: Optional[str] without a default is optional.
  if (!str(f.model) || !str(f.input) || (f.voice !== undefined && f.voice !== null && !str(f.voice))) return null;
  const bool = (v, d) =>
    v === undefined ? d : v === true || v === "true" || v === "1" ? true : v === false || v === "false" || v === "0" ? false : null;
  const num = (v, d) => (v === undefined ? d : v === null ? null : Number.isFinite(Number(v)) && v !== "" ? Number(v) : NaN);
  const stream = bool(f.stream, false);
  const speed = num(f.speed, 1);
  if (stream === null || Number.isNaN(speed)) return null;
  if (f.kwargs !== undefined && f.kwargs !== null && !str(f.kwargs)) return null;
  return {
    model: f.model,
    input: f.input,
    voice: f.voice ?? null,
    response_format: f.response_format ?? "mp3",
    speed,
    stream,
    kwargs: f.kwargs ?? null,
  };
}

async function speech(request) {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  let fields;
  let prompt = null;
  if (multipart) {
    const form = await request.formData().catch(() => null);
    if (!form) return internal();
    fields = {};
    for (const [k, v] of form.entries()) {
      if (k === "prompt_speech") prompt = typeof v === "string" ? null : new Uint8Array(await v.arrayBuffer());
      else if (typeof v === "string") fields[k] = v;
    }
    // FastAPI reads prompt_speech as an UploadFile: a form without it is parsed as JSON, which fails.
    if (!prompt) return internal();
  } else {
    fields = await request.json().catch(() => undefined);
    if (fields === undefined) return internal();
  }
  const body = speechRequest(fields);
  if (!body) return internal();
  received.push({ path: "/v1/audio/speech", multipart, body, promptBytes: prompt?.length ?? 0 });
  const model = LAUNCHED[body.model];
  if (!model) return detail(404, `Model not found in the model list, uid: ${body.model}`);
  if (!model.model_ability.includes("text2audio")) return detail(500, `Model ${body.model} is not a text-to-audio model`);
  let kwargs = {};
  if (body.kwargs !== null) {
    try {
      kwargs = JSON.parse(body.kwargs);
    } catch {
      return detail(500, `Expecting value: line 1 column 1 (char 0)`);
    }
  }
  if (body.input.includes("SLOW")) await sleep(2000);
  // A model still loading (restful_api.py answers 503 with Retry-After while a replica starts).
  if (body.input.includes("BUSY"))
    return new Response(JSON.stringify({ detail: `Model ${body.model} is loading` }), {
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "30" },
    });
  if (body.input.includes("FAIL")) return detail(500, "CUDA error: an illegal memory access was encountered");
  if (body.input.includes("GARBAGE"))
    return new Response("<html>bad gateway</html>", { headers: { "content-type": "application/octet-stream" } });
  if (body.input.includes("EMPTY")) return new Response(new Uint8Array(0), { headers: { "content-type": "audio/wav" } });
  let f0 = 200;
  let speed = body.speed ?? 1;
  if (model.model_family === "MeloTTS") {
    if (body.stream) return detail(500, "MeloTTS does not support stream mode.");
    if (prompt) return detail(500, "MeloTTS does not support prompt_speech");
    if (body.voice && !model.speakers.includes(body.voice))
      return detail(
        500,
        `Invalid voice: ${body.voice}, available speakers: ${JSON.stringify(Object.fromEntries(model.speakers.map((s, i) => [s, i])))}`,
      );
  } else if (model.model_family === "qwen3_tts") {
    // qwen3_tts.py: no stream; `language` (default "chinese") must be one of the checkpoint's, lower-cased; the Base
    // model clones only, and needs prompt_text with prompt_speech. Speed is not passed on.
    if (body.stream) return detail(500, "qwen-tts does not support stream generation.");
    const languages = ["chinese", "english", "french", "german", "italian", "japanese", "korean", "portuguese", "russian", "spanish"];
    const language = kwargs.language ?? "chinese";
    if (!languages.includes(language))
      return detail(500, `Language '${language}' is not supported. Supported languages are: ${languages.join(", ")}`);
    if (!prompt)
      return detail(
        500,
        "Base does not support generate_voice_design and generate_custom_voice, Please add prompt speech and prompt text for voice cloning.",
      );
    if (kwargs.prompt_text === undefined || kwargs.prompt_text === null)
      return detail(500, "prompt_text is required when prompt_speech is provided.");
    const audio = readWav(prompt);
    if (!audio) return detail(500, "Error opening '/tmp/tmpprompt.wav': Format not recognised.");
    f0 = measureF0(audio) || 200;
    speed = 1;
  } else if (model.model_family === "FishAudio") {
    // fish_speech.py: the clip and prompt_text become its reference; voice and speed are logged and ignored.
    if (prompt) {
      const audio = readWav(prompt);
      if (!audio) return detail(500, "Format not recognised.");
      f0 = measureF0(audio) || 200;
    }
    speed = 1;
  } else if (model.model_family === "CosyVoice") {
    const speakers = ["中文女", "中文男", "日语男", "粤语女", "英文女", "英文男", "韩语女"];
    if (!prompt && body.voice && !speakers.includes(body.voice))
      return detail(500, `Invalid voice ${body.voice}, CosyVoice available speakers: ${JSON.stringify(speakers)}`);
    if (kwargs.prompt_text && kwargs.instruct_text) kwargs.instruct_text = undefined; // zero-shot wins (cosyvoice.py)
    const audio = prompt ? readWav(prompt) : { samples: new Float32Array(0), rate: 24000 };
    if (!audio) return detail(500, "Error opening <_io.BytesIO object>: Format not recognised.");
    // cosyvoice.utils.file_utils.load_wav asserts the clip's rate; the frontend refuses clips over 30 s.
    if (prompt && audio.rate < 16000) return detail(500, `wav sample rate ${audio.rate} must be greater than 16000`);
    if (audio.samples.length / audio.rate > 30) return detail(500, "do not support extract speech token for audio longer than 30s");
    f0 = (prompt && measureF0(audio)) || 200;
    speed = 1; // taken and not used (cosyvoice.py _speech_handle)
  }
  const format = String(body.response_format).toLowerCase();
  if (!["wav", "pcm", "mp3", "flac", "ogg"].includes(format)) return detail(500, `Unsupported format ${format}`);
  if (format !== "wav" && format !== "pcm") return detail(500, `the stand-in speaks WAV and PCM only, not ${format}`);
  const samples = voiced(body.input, model.rate, f0, speed);
  if (!body.stream) {
    const bytes = format === "wav" ? floatWav(samples, model.rate) : pcm16(samples);
    return new Response(bytes, { headers: { "content-type": format === "wav" ? "audio/wav" : "audio/pcm" } });
  }
  // Streamed: FFmpeg's WAV header (RIFF and data sizes unknown, an INFO list naming the encoder), then the audio about
  // half a second at a time as the model makes it; the bytes are cut where the encoder's buffer ends, not on samples.
  const bytes = format === "wav" ? concat(streamHeader(model.rate), pcm16(samples)) : pcm16(samples);
  const chunk = Math.round(model.rate / 2) * 2 + 1;
  const stream = new ReadableStream({
    async start(controller) {
      for (let at = 0; at < bytes.length; at += at === 0 ? 50 : chunk) {
        if (timing.chunkMs > 0) await sleep(timing.chunkMs);
        controller.enqueue(bytes.subarray(at, at === 0 ? 50 : at + chunk));
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "content-type": "application/octet-stream" } });
}

async function transcriptions(request) {
  const form = await request.formData().catch(() => null);
  const model = form?.get("model");
  const file = form?.get("file");
  // FastAPI's own validation of the Form(...) and File() parameters: 422 with the missing fields.
  const missing = [!(typeof model === "string") && "model", !(file && typeof file !== "string") && "file"].filter(Boolean);
  if (missing.length)
    return Response.json(
      { detail: missing.map((m) => ({ type: "missing", loc: ["body", m], msg: "Field required", input: null })) },
      { status: 422 },
    );
  const format = form.get("response_format") ?? "json";
  const granularity = form.get("timestamp_granularities[]");
  const language = form.get("language");
  received.push({ path: "/v1/audio/transcriptions", body: { model, language, response_format: format, granularity, bytes: file.size } });
  const spec = LAUNCHED[model];
  if (!spec) return detail(404, `Model not found in the model list, uid: ${model}`);
  if (!spec.model_ability.includes("audio2text")) return detail(500, `Model ${model} is not a speech recognition model`);
  if (file.name?.includes("FAIL")) return detail(500, "CUDA out of memory");
  const audio = readWav(new Uint8Array(await file.arrayBuffer()));
  if (!audio) return detail(500, "Soundfile is either not in the correct format or is malformed.");
  const word = language === "en" ? "voice" : "음성";
  const stretches = soundStretches(audio);
  const texts = stretches.map(([s, e]) => Array.from({ length: Math.max(1, Math.round((e - s) * 2.5)) }, () => word).join(" "));
  const text = texts.map((t) => ` ${t}`).join("");
  if (format === "json") return Response.json({ text });
  if (format !== "verbose_json") return detail(500, `Unsupported response format: ${format}`);
  if (granularity && granularity !== "segment" && granularity !== "word")
    return detail(500, `Unsupported timestamp_granularities: ['${granularity}']`);
  let seek = 0;
  const segments = stretches.map(([start, stretchEnd], id) => {
    let end = stretchEnd;
    const t = ` ${texts[id]}`;
    const at = text.indexOf(t, seek);
    seek = at + t.length;
    // A Hugging Face pipeline leaves the last chunk's end null when the speech runs to the end of the audio.
    if (id === stretches.length - 1 && end >= audio.samples.length / audio.rate - 0.02) end = null;
    return { id, seek: at, start, end, text: t, tokens: [], temperature: 0, avg_logprob: 0, compression_ratio: 0, no_speech_prob: 0 };
  });
  // whisper.py: the last segment's end, null with it.
  const duration = segments.length ? segments.at(-1).end : 0;
  return Response.json({ task: "transcribe", language: language ?? "english", duration, text, segments });
}

/** Stretches of sound (s): 20 ms frames above -40 dBFS, joined across gaps under 300 ms, rounded to 10 ms. */
function soundStretches({ samples, rate }) {
  const hop = Math.round(rate / 50);
  const out = [];
  let start = null;
  let quiet = 0;
  for (let f = 0; f * hop < samples.length; f++) {
    let p = 0;
    const end = Math.min(samples.length, (f + 1) * hop);
    for (let i = f * hop; i < end; i++) p += samples[i] * samples[i];
    const loud = p / Math.max(1, end - f * hop) > 1e-4;
    if (loud) {
      if (start === null) start = f;
      quiet = 0;
    } else if (start !== null && ++quiet >= 15) {
      out.push([start / 50, (f - quiet + 1) / 50]);
      start = null;
    }
  }
  if (start !== null) out.push([start / 50, Math.round((samples.length / rate) * 100) / 100]);
  return out.map(([s, e]) => [Math.round(s * 100) / 100, Math.round(e * 100) / 100]);
}

function voiced(text, rate, f0, speed) {
  // A steady tone, as the render tests measure it (its F0 by zero crossings, its length per character).
  const n = [...text].length * Math.round((0.07 * rate) / (speed > 0 ? speed : 1));
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = 0.3 * Math.sin((2 * Math.PI * f0 * i) / rate);
  return out;
}

/** Median F0 (Hz) of the loud 40 ms windows, by autocorrelation between 60 and 400 Hz; null when nothing is voiced. */
function measureF0({ samples, rate }) {
  const win = Math.round(rate * 0.04);
  const found = [];
  for (let at = 0; at + win * 2 < samples.length && found.length < 60; at += win * 3) {
    let energy = 0;
    for (let i = 0; i < win; i++) energy += samples[at + i] ** 2;
    if (energy / win < 1e-3) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(rate / 400); lag <= Math.ceil(rate / 60); lag++) {
      let sum = 0;
      for (let i = 0; i < win; i++) sum += samples[at + i] * samples[at + i + lag];
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    if (bestLag && best / energy > 0.5) found.push(rate / bestLag);
  }
  if (!found.length) return null;
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)];
}

/** A WAV file (16-bit PCM or 32-bit float, mono or the first channel) as samples; null when it is not one. */
function readWav(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") return null;
  let fmt = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === "fmt ")
      fmt = {
        format: view.getUint16(at + 8, true),
        channels: view.getUint16(at + 10, true),
        rate: view.getUint32(at + 12, true),
        bits: view.getUint16(at + 22, true),
      };
    if (tag(at) === "data" && fmt) {
      const width = fmt.bits / 8;
      const n = Math.floor(Math.min(size, bytes.length - at - 8) / (width * fmt.channels));
      const samples = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const p = at + 8 + i * width * fmt.channels;
        samples[i] = fmt.format === 3 ? view.getFloat32(p, true) : fmt.bits === 16 ? view.getInt16(p, true) / 32768 : 0;
      }
      return { samples, rate: fmt.rate };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

function header(rate, format, bits, dataBytes, streaming) {
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const ascii = (at, text) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, streaming ? 0xffffffff : 36 + dataBytes, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, format, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, (rate * bits) / 8, true);
  view.setUint16(32, bits / 8, true);
  view.setUint16(34, bits, true);
  ascii(36, "data");
  view.setUint32(40, streaming ? 0xffffffff : dataBytes, true);
  return bytes;
}

function floatWav(samples, rate) {
  const out = new Uint8Array(44 + samples.length * 4);
  out.set(header(rate, 3, 32, samples.length * 4, false));
  new DataView(out.buffer).setUint32(40, samples.length * 4, true);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setFloat32(44 + i * 4, samples[i], true);
  return out;
}

function streamHeader(rate) {
  const plain = header(rate, 1, 16, 0, true);
  const info = new TextEncoder().encode("LIST\x1a\x00\x00\x00INFOISFT\x0e\x00\x00\x00Lavf60.16.100\x00");
  return concat(plain.subarray(0, 36), info, plain.subarray(36));
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function pcm16(samples) {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, Math.max(-32768, Math.min(32767, Math.round(samples[i] * 32767))), true);
  return out;
}
