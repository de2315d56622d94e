import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PICKER_SEARCH_PARAM, PICKER_VOICES, type PickerSearch } from "~/lib/studio";
import type { VoiceCard } from "~/components/studio/VoicePicker";
import { api } from "~/utils/api.server";
import { LIBRARY_QUERY_MAX, VOICE_CARDS_MAX } from "#contracts/voices";

/**
 * The voices a studio voice picker offers (TTS editor, STS voice step): one page of the library's largest size,
 * most used first, or, when the page's URL has `voice_q`, the voices whose name matches it (the library's own
 * name search, both languages), so a member finds any voice they may use however many there are.
 */
export async function pickerVoices(args: LoaderFunctionArgs) {
  const q = [...(new URL(args.request.url).searchParams.get(PICKER_SEARCH_PARAM) ?? "").trim()].slice(0, LIBRARY_QUERY_MAX).join("");
  const page = await api(args, "GET /voices", { query: q ? { ...PICKER_VOICES, q } : PICKER_VOICES });
  const voices: VoiceCard[] = page.data?.voices ?? [];
  const search: PickerSearch = { q, shown: voices.length, total: page.data?.total ?? 0 };
  return { voices, search };
}

/**
 * The picker's voices with the ones already chosen (the paragraphs' voices, the library's "use this voice") added
 * when the page or the search left them out, so a search never drops a paragraph's voice from its form. A voice the
 * member may no longer use is not found and stays out.
 */
export async function withChosen(args: LoaderFunctionArgs, voices: VoiceCard[], chosen: (string | null | undefined)[]) {
  const have = new Set(voices.map((v) => v.id));
  // Looked up in one call (GET /voices/cards, at most VOICE_CARDS_MAX; a project uses a few voices).
  const missing = [...new Set(chosen.filter((id): id is string => !!id && !have.has(id)))].slice(0, VOICE_CARDS_MAX);
  if (missing.length === 0) return voices;
  const extra = await api(args, "GET /voices/cards", { query: new URLSearchParams(missing.map((id) => ["ids", id])) });
  return [...voices, ...(extra.success && extra.data ? extra.data : [])];
}
