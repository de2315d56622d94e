// Shorts through the api (docs/decisions/0042; routes/labs.ts letterRoutes,
// domain/labs/letters.ts): a short is a video letter with a template id. The real MediaRecorder WebM
// (fixtures/video/letter-vp8-opus.webm, 180x320: 9:16) is accepted as a short of a shipped template and
// named so in the result, the work history and the share page; an unknown template, a template field
// sent as a file and a video that is not 9:16 are refused, in ko and en, storing nothing; owner-only
// (owner, another member, visitor).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import letterUrl from "./fixtures/video/letter-vp8-opus.webm?inline";
import { signedUp, worker, type Answer } from "./helpers";
import { voice, wavOf } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const LETTER = Uint8Array.from(atob(letterUrl.slice(letterUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
/** The same recording with its track's PixelWidth (one byte, 180) changed to 240: a 240x320 picture, not 9:16. */
function landscape() {
  const bytes = LETTER.slice();
  const at = bytes.findIndex((_, i) => bytes[i] === 0xb0 && bytes[i + 1] === 0x81 && bytes[i + 2] === 180);
  expect(at).toBeGreaterThan(0);
  bytes[at + 2] = 240;
  return bytes;
}

async function call(token: string | null, path: string, init: { method?: string; form?: FormData; lang?: string } = {}) {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body: init.form,
  });
  return { status: res.status, ...(await res.json<Answer>()) };
}
const shortForm = (video: Uint8Array, template: string | Blob | null) => {
  const form = new FormData();
  form.set("file", new File([video as Uint8Array<ArrayBuffer>], "short.webm"));
  if (template !== null) form.set("template", template);
  return form;
};

async function result(token: string) {
  const form = new FormData();
  form.set("file", new File([wavOf(voice(2, 140)) as Uint8Array<ArrayBuffer>], "reading.wav"));
  form.set("voice_id", "ko-minjun");
  const made = await call(token, "/studio/sts", { form });
  expect(made.code).toBe(Code.OK);
  return made.data!.inference_id as string;
}

describe("shorts: a video letter with a template", () => {
  it("stores a 9:16 short of a shipped template; the result, history and share page say which; nobody else reaches it", async () => {
    const owner = await signedUp("shorts-owner@example.com");
    const other = await signedUp("shorts-other@example.com");
    const id = await result(owner.token!);

    // Another member and a visitor cannot make one of the owner's result.
    expect((await call(other.token!, `/studio/inferences/${id}/video`, { form: shortForm(LETTER, "news") })).code).toBe(Code.NOT_FOUND);
    expect((await call(null, `/studio/inferences/${id}/video`, { form: shortForm(LETTER, "news") })).code).toBe(Code.LOGIN_REQUIRED);

    const stored = await call(owner.token!, `/studio/inferences/${id}/video`, { form: shortForm(LETTER, "news") });
    expect(stored.code).toBe(Code.OK);
    expect(stored.data).toMatchObject({ template: "news", width: 180, height: 320, videoURL: `/api/v1/studio/inferences/${id}/video` });
    const own = await call(owner.token!, `/studio/inferences/${id}`);
    expect(own.data).toMatchObject({ videoTemplate: "news", videoURL: `/api/v1/studio/inferences/${id}/video` });
    const history = await call(owner.token!, "/studio/history");
    const item = (history.data!.items as { inference_id: string; videoTemplate: string | null }[]).find((i) => i.inference_id === id);
    expect(item!.videoTemplate).toBe("news");
    // Another member's view of the owner's result: nothing.
    for (const [token, code] of [
      [other.token!, Code.NOT_FOUND],
      [null, Code.LOGIN_REQUIRED],
    ] as const) {
      expect((await call(token, `/studio/inferences/${id}`)).code).toBe(code);
      const video = await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/video`, {
        headers: token ? { "api-key": token } : {},
      });
      expect(video.status).toBe(token ? 404 : 401);
      await video.arrayBuffer();
    }

    // Shared: a visitor's share page names the template.
    const share = await call(owner.token!, `/studio/inferences/${id}/share`, { method: "POST" });
    const shareId = share.data!.share_id as string;
    const page = await call(null, `/share/${shareId}`);
    expect(page.data!.video).toMatchObject({ template: "news", videoURL: `/api/v1/share/${shareId}/video` });

    // Made again as a plain letter: no template any more.
    const plain = await call(owner.token!, `/studio/inferences/${id}/video`, { form: shortForm(LETTER, "") });
    expect(plain.data).toMatchObject({ template: null });
  });

  it("refuses an unknown template, a template sent as a file and a video that is not 9:16, in ko and en, storing nothing", async () => {
    const s = await signedUp("shorts-refuse@example.com");
    const id = await result(s.token!);
    const cases: [string, FormData, number, number, string, string][] = [
      ["unknown", shortForm(LETTER, "no-such-template"), 400, Code.SHORT_TEMPLATE_UNKNOWN, "no such shorts template", "없는 쇼츠 템플릿"],
      ["a path", shortForm(LETTER, "../news"), 400, Code.SHORT_TEMPLATE_UNKNOWN, "no such shorts template", "없는 쇼츠 템플릿"],
      [
        "a long name",
        shortForm(LETTER, "n".repeat(100_000)),
        400,
        Code.SHORT_TEMPLATE_UNKNOWN,
        "no such shorts template",
        "없는 쇼츠 템플릿",
      ],
      ["landscape", shortForm(landscape(), "trailer"), 400, Code.SHORT_NOT_VERTICAL, "vertical (9:16)", "세로(9:16)"],
      ["a file", shortForm(LETTER, new Blob(["news"])), 400, Code.BAD_REQUEST, "", ""],
    ];
    for (const [name, form, status, code, en, ko] of cases) {
      const answer = await call(s.token!, `/studio/inferences/${id}/video`, { form });
      expect([answer.status, answer.code, answer.success], name).toEqual([status, code, false]);
      expect(answer.message, name).toContain(en);
      const kr = await call(s.token!, `/studio/inferences/${id}/video`, {
        form: name === "landscape" ? shortForm(landscape(), "trailer") : form,
        lang: "kr",
      });
      expect(kr.message, name).toContain(ko);
    }
    // The landscape video is still a fine plain letter.
    expect((await call(s.token!, `/studio/inferences/${id}/video`, { form: shortForm(landscape(), null) })).code).toBe(Code.OK);
    await call(s.token!, `/studio/inferences/${id}/video`, { method: "DELETE" });
    const n = await env.DB.prepare("SELECT count(*) AS n FROM video_letters WHERE inference_id = ?").bind(id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});
