// The OpenAPI 3.1 document of the public API (docs/decisions/0031), served at
// GET /api/v1/openapi.json. Each operation lists the result codes it can answer (`x-result-codes`); the
// responses are grouped from them by HTTP status, with each code's message from the code table, so the
// document cannot drift from lib/codes.ts. tests/workers/openapi.test.ts checks that every path and
// method exists in the app and that real calls answer the codes listed; tests/unit/openapi.test.ts
// validates the document against the OpenAPI specification.
import { Code, httpStatus, messages } from "./codes";
import { LIMITS } from "./rate-limit";
import { LIBRARY_PAGE, LIBRARY_QUERY_MAX, LIBRARY_SORTS, LIBRARY_TABS } from "#contracts/voices";

/** Codes every public call can answer: the key or token checks, its rate limit, a path or method error. */
const COMMON = [Code.LOGIN_REQUIRED, Code.API_KEY_INVALID, Code.API_KEY_RATE_LIMITED, Code.INTERNAL] as const;

type Operation = {
  method: "get" | "post";
  path: string;
  operationId: string;
  summary: string;
  description: string;
  codes: readonly Code[];
  request?: Record<string, unknown>;
  success: Record<string, unknown>;
  parameters?: Record<string, unknown>[];
  /** The answer is a file (WAV or MP3, with Range), not the envelope. */
  audio?: boolean;
};

const envelope = (data: Record<string, unknown>) => ({
  type: "object",
  required: ["success", "code", "data", "message"],
  properties: {
    success: { type: "boolean" },
    code: { type: "integer" },
    data,
    message: { type: "string", description: "In the language of the `lang` header (`kr` or `en`)." },
  },
});

export const PUBLIC_OPERATIONS: readonly Operation[] = [
  {
    method: "post",
    path: "/studio/tts",
    operationId: "textToSpeech",
    summary: "Text to speech",
    description:
      "Speaks up to 500 characters in one voice. The characters are taken from the allowance of the key's member before the engine runs and given back if it fails.",
    codes: [
      Code.OK,
      Code.BAD_REQUEST,
      Code.MALFORMED_JSON,
      Code.UNSUPPORTED_MEDIA_TYPE,
      Code.PAYLOAD_TOO_LARGE,
      Code.TEXT_EMPTY,
      Code.TEXT_TOO_LONG,
      Code.TEXT_INVALID_CHARS,
      Code.CHARS_SHORT,
      Code.CHARS_EXHAUSTED,
      Code.VOICE_NOT_FOUND,
      Code.JOB_LIMIT,
      Code.ENGINE_FAILED,
      ...COMMON,
    ],
    request: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["text", "voice_id"],
            properties: {
              text: { type: "string", maxLength: 500 },
              voice_id: { type: "string", examples: ["ko-seoyeon"] },
              lang: { type: "string", enum: ["ko", "en", "multi"], default: "ko" },
              style: { type: "string", enum: ["neutral", "angry", "happy", "sad", "anxious", "sports"], default: "neutral" },
              pitch: { type: "integer", minimum: -24, maximum: 24, default: 0 },
              tempo: { type: "number", minimum: 0.5, maximum: 2, default: 1 },
            },
          },
        },
      },
    },
    success: {
      type: "object",
      required: ["inference_id", "audioURL", "duration", "characters"],
      properties: {
        inference_id: { type: "string" },
        audioURL: { type: "string", description: "Path of the result's audio (GET it with the same key)." },
        duration: { type: "number", description: "Seconds." },
        characters: { type: "integer", description: "Characters charged." },
      },
    },
  },
  {
    method: "post",
    path: "/studio/sts",
    operationId: "speechToSpeech",
    summary: "Speech to speech",
    description:
      "Converts a recording (WAV, MP3, Ogg/Opus, WebM/Opus or M4A, recognised by content; at most 30 MB and 5 minutes) into a voice. Whole seconds of the recording are taken from the conversion time of the key's member.",
    codes: [
      Code.OK,
      Code.BAD_REQUEST,
      Code.PAYLOAD_TOO_LARGE,
      Code.VOICE_NOT_FOUND,
      Code.AUDIO_EMPTY,
      Code.AUDIO_TOO_LARGE,
      Code.AUDIO_NOT_AUDIO,
      Code.AUDIO_UNSUPPORTED,
      Code.AUDIO_CORRUPT,
      Code.AUDIO_SILENT,
      Code.AUDIO_TOO_LONG,
      Code.AUDIO_OVER_MAX,
      Code.TIME_EXHAUSTED,
      Code.JOB_LIMIT,
      Code.CONVERT_FAILED,
      Code.REPLY_TARGET_UNKNOWN,
      ...COMMON,
    ],
    request: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file", "voice_id"],
            properties: {
              file: { type: "string", contentMediaType: "application/octet-stream" },
              voice_id: { type: "string" },
              method: { type: "string", enum: ["record", "upload"], default: "upload" },
              reply_to: {
                type: "string",
                description: "The share id of a shared result this conversion answers (its share page lists it).",
              },
            },
          },
        },
      },
    },
    success: {
      type: "object",
      required: ["inference_id", "audioURL", "duration", "seconds"],
      properties: {
        inference_id: { type: "string" },
        audioURL: { type: "string" },
        duration: { type: "number", description: "Seconds of the result." },
        seconds: { type: "integer", description: "Whole seconds charged." },
      },
    },
  },
  {
    method: "get",
    path: "/studio/inferences/{id}/audio",
    operationId: "resultAudio",
    summary: "A result's audio",
    description: "The audio of one of the member's results, as WAV or MP3; answers Range requests. Another member's result is 404.",
    parameters: [
      { name: "id", in: "path", required: true, schema: { type: "string" } },
      { name: "format", in: "query", schema: { type: "string", enum: ["wav", "mp3"], default: "wav" } },
      { name: "download", in: "query", schema: { type: "string", enum: ["0", "1"], default: "0" } },
    ],
    codes: [Code.OK, Code.BAD_REQUEST, Code.NOT_FOUND, Code.RANGE_NOT_SATISFIABLE, ...COMMON],
    audio: true,
    success: { type: "string", contentMediaType: "audio/wav" },
  },
  {
    method: "get",
    path: "/voices",
    operationId: "listVoices",
    summary: "Voices the key may use",
    description:
      "The voice library one page at a time: basic voices (commercial use), open voices (members' voices, personal use) and, with `tab=custom` or `tab=mine`, the key's member's own custom voices. Another member's custom voice is never listed.",
    parameters: [
      { name: "tab", in: "query", schema: { type: "string", enum: [...LIBRARY_TABS] } },
      {
        name: "lang",
        in: "query",
        description: "Only voices that speak these languages (comma-separated).",
        schema: { type: "string", examples: ["ko", "en", "ko,en"] },
      },
      { name: "q", in: "query", description: "Part of a voice's name.", schema: { type: "string", maxLength: LIBRARY_QUERY_MAX } },
      { name: "sort", in: "query", schema: { type: "string", enum: [...LIBRARY_SORTS], default: "popular" } },
      { name: "page", in: "query", schema: { type: "integer", minimum: 1, maximum: 10000, default: 1 } },
      {
        name: "limit",
        in: "query",
        schema: { type: "integer", minimum: 1, maximum: LIBRARY_PAGE.maxLimit, default: LIBRARY_PAGE.defaultLimit },
      },
    ],
    codes: [Code.OK, Code.BAD_REQUEST, ...COMMON],
    success: {
      type: "object",
      properties: {
        voices: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "string", description: "The `voice_id` of text to speech and speech to speech." },
              type: { type: "string", enum: ["basic", "open", "custom"] },
              lang: { type: "string", enum: ["ko", "en"] },
              name: { type: "string" },
              pr: { type: "string", description: "Its one-line introduction." },
              audioURL: { type: "string", description: "A sample (MP3)." },
              mine: { type: "boolean" },
            },
          },
        },
        page: { type: "integer" },
        limit: { type: "integer" },
        total: { type: "integer" },
      },
    },
  },
  {
    method: "get",
    path: "/voices/{id}",
    operationId: "getVoice",
    summary: "One voice",
    description:
      "A voice's card with its usage terms (`terms.code`: commercial, personal or private). A custom voice of another member is 4207.",
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    codes: [Code.OK, Code.VOICE_NOT_FOUND, ...COMMON],
    success: {
      type: "object",
      properties: {
        id: { type: "string" },
        type: { type: "string", enum: ["basic", "open", "custom"] },
        lang: { type: "string", enum: ["ko", "en"] },
        name: { type: "string" },
        terms: {
          type: "object",
          properties: { code: { type: "string", enum: ["commercial", "personal", "private"] }, text: { type: "string" } },
        },
      },
    },
  },
  {
    method: "get",
    path: "/member/usage",
    operationId: "usage",
    summary: "Usage of the key's member",
    description:
      "What the plan of the key's member allows in its current period and what has been used: characters of text to speech, seconds of speech to speech.",
    codes: [Code.OK, ...COMMON],
    success: {
      type: "object",
      required: ["plan", "period", "characters", "seconds"],
      properties: {
        plan: { type: "string" },
        period: { type: "object", properties: { start: { type: ["string", "null"] }, end: { type: ["string", "null"] } } },
        characters: { $ref: "#/components/schemas/Allowance" },
        seconds: { $ref: "#/components/schemas/Allowance" },
      },
    },
  },
];

/** The operations' responses: one per HTTP status, its description listing the codes and their messages. */
function responses(op: Operation) {
  const byStatus = new Map<number, Code[]>();
  for (const code of op.codes) byStatus.set(httpStatus[code], [...(byStatus.get(httpStatus[code]) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const description = codes.map((c) => `${c}: ${messages[c].en}`).join("\n");
    if (status === 200 && op.audio) {
      out["200"] = { description, content: { "audio/wav": { schema: op.success }, "audio/mpeg": { schema: { type: "string" } } } };
      out["206"] = { description: "Partial content (one range).", headers: { "Content-Range": { schema: { type: "string" } } } };
      continue;
    }
    // A refused field is named with its message in `data.issues` (4000); other refusals carry what they say.
    const data = status === 200 ? op.success : status === 400 ? { $ref: "#/components/schemas/Refusal" } : { type: ["object", "null"] };
    out[String(status)] = {
      description,
      content: { "application/json": { schema: envelope(data) } },
      // Past a rate limit: when to try again.
      ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } } : {}),
    };
  }
  return out;
}

/** The document (the same object every call; it depends on nothing but the code table). */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of PUBLIC_OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      parameters: [{ $ref: "#/components/parameters/lang" }, ...(op.parameters ?? [])],
      ...(op.request ? { requestBody: op.request } : {}),
      responses: responses(op),
      "x-result-codes": op.codes,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Voice Studio public API",
      "x-rate-limit": { callsPerKey: LIMITS.apiKeyCalls.max, windowSeconds: LIMITS.apiKeyCalls.windowSeconds },
      version: "1.0.0",
      description: `Text to speech and speech to speech for your own product. Authenticate with an API key from the dashboard (Authorization: Bearer vsk_...). Each key may make ${LIMITS.apiKeyCalls.max} calls a minute; usage is charged to the key's member's plan. Every answer is the envelope {success, code, data, message}.`,
    },
    servers: [{ url: "/api/v1" }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A business API key (vsk_ and 43 characters)." } },
      schemas: {
        Allowance: {
          type: "object",
          required: ["used", "limit", "remaining"],
          properties: { used: { type: "integer" }, limit: { type: "integer" }, remaining: { type: "integer" } },
        },
        Refusal: {
          type: ["object", "null"],
          properties: {
            issues: {
              type: "array",
              description: "With 4000: each refused field and why, in the language of the `lang` header.",
              items: {
                type: "object",
                required: ["path", "message"],
                properties: { path: { type: "string" }, message: { type: "string" } },
              },
            },
          },
        },
      },
      parameters: {
        lang: {
          name: "lang",
          in: "header",
          required: false,
          schema: { type: "string", enum: ["kr", "en"], default: "kr" },
          description: "Language of `message`.",
        },
      },
    },
    paths,
  };
}
