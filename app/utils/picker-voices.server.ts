import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PICKER_SEARCH_PARAM, PICKER_VOICES, type PickerSearch } from "~/lib/studio";
import type { VoiceCard } from "~/components/studio/VoicePicker";
import { api } from "~/utils/api.server";
import { LIBRARY_QUERY_MAX, type VoicePage } from "../../contracts/voices";

/** The chosen voices looked up one by one when the picker's page does not hold them (a project uses a few voices). */
const CHOSEN_MAX = 20;

/**
 * The voices a studio voice picker offers (TTS editor, STS voice step): one page of the library's largest size,
 * most used first, or, when the page's URL has `voice_q`, the voices whose name matches it (the library's own
 * name search, both languages), so a member finds any voice they may use however many there are.
 */
export async function pickerVoices(args: LoaderFunctionArgs) {
  const q = [...(new URL(args.request.url).searchParams.get(PICKER_SEARCH_PARAM) ?? "").trim()].slice(0, LIBRARY_QUERY_MAX).join("");
  const page = await api<VoicePage>(args, q ? `${PICKER_VOICES}&${new URLSearchParams({ q })}` : PICKER_VOICES);
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
  const missing = [...new Set(chosen.filter((id): id is string => !!id && !have.has(id)))].slice(0, CHOSEN_MAX);
  if (missing.length === 0) return voices;
  const extra = await Promise.all(missing.map((id) => api<VoiceCard>(args, `/voices/${encodeURIComponent(id)}`)));
  return [...voices, ...extra.flatMap((answer) => (answer.success && answer.data ? [answer.data] : []))];
}
