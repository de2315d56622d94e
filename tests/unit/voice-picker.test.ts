import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader as stsLoader } from "~/routes/studio.projects.speech-to-speech.server";
import { loader as ttsLoader } from "~/routes/studio.projects.text-to-speech.server";
import { Code } from "#contracts/codes";
import { apiStandin, no, ok } from "./api-standin";

/**
 * The studio's voice pickers find any voice the member may use (the page shows the 100 most used): the TTS editor's
 * and the STS voice step's loaders, as plain functions with real Requests against a stand-in of the api worker, ask
 * the library's name search for `voice_q` and keep the voices already chosen even when the search leaves them out.
 */

const card = (id: string, name = id) => ({
  id,
  type: "basic",
  lang: "ko",
  name,
  pr: "",
  profileImageURL: `/api/v1/voices/${id}/image`,
  audioURL: `/api/v1/voices/${id}/sample`,
  features: [],
  useCases: [],
  tags: { tone: { code: "low", name: "낮은 톤" }, gender: { code: "male", name: "남성" }, age: { code: "young", name: "청년" } },
});

/** The api: 240 voices the member may use; `/voices` answers one page of the library query it is asked. */
const ALL = Array.from({ length: 240 }, (_, i) => card(`v-${i}`, i === 200 ? "민지 보이스" : `Voice ${i}`));
function api(path: string) {
  const url = new URL(path, "http://api");
  if (url.pathname === "/voices") {
    const q = url.searchParams.get("q");
    const matching = q ? ALL.filter((v) => v.name.includes(q)) : ALL;
    const limit = Number(url.searchParams.get("limit"));
    return ok({ voices: matching.slice(0, limit), page: 1, limit, total: matching.length, query: {} });
  }
  // The chosen voices' cards in one call (GET /voices/cards?ids=): those it has, in the order asked.
  if (url.pathname === "/voices/cards") return ok(url.searchParams.getAll("ids").flatMap((id) => ALL.filter((v) => v.id === id)));
  if (url.pathname === "/member/getmember") return ok({ plan: "Free", plan_txt: 0, plan_time: 0 });
  // A GET's loaders read the profile from the frame call (app/utils/auth.server.ts loadFrame).
  if (url.pathname === "/member/frame")
    return ok({ profile: { plan: "Free", plan_txt: 0, plan_time: 0, planState: { limits: { characters: 0 } } }, unread: 0 });
  if (url.pathname === "/studio/projects/p1")
    return ok({
      id: "p1",
      name: "뉴스",
      type: "tts",
      revision: 1,
      paragraphs: [{ id: "a", text: "안녕하세요.", voice_id: "v-230", lang: "ko", style: "neutral", pitch: 0, tempo: 1 }],
      // The editor asks for the history with the project (`?versions=1`).
      versions: [],
    });
  if (url.pathname === "/studio/sts/sources/s1") return ok({ source_id: "s1", project_id: "p2", seconds: 3 });
  return no(Code.NOT_FOUND);
}

async function load(loader: (args: LoaderFunctionArgs) => Promise<unknown>, url: string) {
  const { calls, context, cookie } = await apiStandin((call) => api(call.path));
  const data = (await loader({ request: new Request(`http://localhost:8787${url}`, { headers: { cookie } }), context, params: {} })) as {
    voices: { id: string }[];
    voiceSearch: { q: string; shown: number; total: number } | null;
  };
  return { calls: calls.map((c) => c.path), ids: data.voices.map((v) => v.id), search: data.voiceSearch };
}

describe("the studio's voice pickers", () => {
  it("TTS: the 100 most used, plus a paragraph's voice beyond them, and how many there are", async () => {
    const { ids, search, calls } = await load(ttsLoader, "/studio/projects/text-to-speech?id=p1");
    expect(calls).toContain("/voices?sort=usage&limit=100");
    expect(ids).toHaveLength(101);
    expect(ids.at(-1)).toBe("v-230");
    expect(search).toEqual({ q: "", shown: 100, total: 240 });
    expect(calls.filter((c) => c.startsWith("/voices/"))).toEqual(["/voices/cards?ids=v-230"]);
  });

  it("TTS: a name search finds a voice past the first page, and the paragraph's voice stays in the picker", async () => {
    const { ids, search, calls } = await load(ttsLoader, `/studio/projects/text-to-speech?id=p1&voice_q=${encodeURIComponent(" 민지 ")}`);
    expect(calls).toContain(`/voices?sort=usage&limit=100&q=${encodeURIComponent("민지")}`);
    expect(ids).toEqual(["v-200", "v-230"]);
    expect(search).toEqual({ q: "민지", shown: 1, total: 1 });
  });

  it("TTS: a search is cut to the library's 40 characters; nothing found leaves only the chosen voice", async () => {
    const { ids, search } = await load(ttsLoader, `/studio/projects/text-to-speech?id=p1&voice_q=${"x".repeat(60)}`);
    expect(search).toEqual({ q: "x".repeat(40), shown: 0, total: 0 });
    expect(ids).toEqual(["v-230"]);
  });

  it("STS voice step: searches the same way and keeps the voice chosen in the library", async () => {
    const { ids, search } = await load(stsLoader, "/studio/projects/speech-to-speech?source=s1&step=voice&voice=v-150&voice_q=민지");
    expect(ids).toEqual(["v-200", "v-150"]);
    expect(search).toMatchObject({ q: "민지", total: 1 });
  });
});
