// Script-only worker for scripts/make-short-samples.mjs (config scripts/shorts/voice-wrangler.toml; no
// bindings, never deployed): the embedded voice engine in workerd, as the api runs it.
//   GET /noop                        -> {}
//   GET /templates                   -> the template ids (contracts/labs.ts SHORT_TEMPLATES)
//   GET /sample?template=news&lang=ko -> the sample's MP3 (header x-seconds: its length)
import { SHORT_TEMPLATES } from "#contracts/labs";
import { sampleMp3, sampleTemplate } from "./sample";

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/noop") return Response.json({});
    if (url.pathname === "/templates") return Response.json(SHORT_TEMPLATES.map((t) => t.id));
    if (url.pathname !== "/sample") return Response.json({ error: "not found" }, { status: 404 });
    const template = sampleTemplate(url.searchParams.get("template") ?? "");
    const lang = url.searchParams.get("lang");
    if (!template || (lang !== "ko" && lang !== "en")) return Response.json({ error: "template and lang" }, { status: 400 });
    const { mp3, seconds } = await sampleMp3(template, lang);
    return new Response(mp3, { headers: { "content-type": "audio/mpeg", "x-seconds": String(seconds) } });
  },
};
