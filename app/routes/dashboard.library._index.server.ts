import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readLibraryView, voicesApiQuery } from "~/lib/library";
import { UseVoiceSchema } from "~/lib/library-schemas";
import { usageLimitFor, type UsageDialogData } from "~/lib/studio";

import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import type { VoiceDetail } from "#contracts/voices";

/** The voice library (/dashboard/library, app/routes/dashboard.library._index.tsx): its loader and "use this voice". */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const view = readLibraryView(new URL(args.request.url).searchParams);
  const [page, meta] = await Promise.all([
    api(args, "GET /voices", { query: voicesApiQuery(view) }),
    pageMeta(args.request, args.context, "library:meta.library", "library:meta.libraryDescription"),
  ]);
  return { view, page: requireData(page), meta };
}

/**
 * "Use this voice" (from a card here, on the dashboard home or on a voice's page): a new TTS project whose
 * first paragraph has the voice (and its language) chosen, opened in the editor; or the speech-to-speech
 * studio, which offers the voice at its voice step. A refusal (the plan's project limit) opens the spec's dialog.
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: UseVoiceSchema });
  if (submission.status !== "success") return data({ error: null, usage: null as UsageDialogData, addTo: null }, { status: 400 });
  const { voice_id, to, project: into } = submission.value;
  const voice = await api(args, "GET /voices/:id", { params: { id: voice_id } });
  if (!voice.success || !voice.data) return data({ error: voice.message, usage: null as UsageDialogData, addTo: null }, { status: 400 });
  if (to === "sts") throw redirect(`/studio/projects/speech-to-speech?voice=${encodeURIComponent(voice.data.id)}`);
  if (into) return addToProject(args, into, voice.data);
  const created = await api(args, "POST /studio/projects", { body: { type: "tts" } });
  if (!created.success || !created.data) {
    const kind = usageLimitFor(created.code);
    const usage: UsageDialogData = kind ? { kind, message: created.message } : null;
    // At the plan's project limit the voice can still go into a project the member has.
    const projects =
      kind === "projectLimit"
        ? ((await api(args, "GET /studio/projects", { query: { type: "tts" } })).data ?? []).map(({ id, name }) => ({
            id,
            name,
          }))
        : [];
    const addTo = projects.length > 0 ? { voiceId: voice.data.id, voiceName: voice.data.name, projects } : null;
    return data({ error: kind ? null : created.message, usage, addTo }, { status: 400 });
  }
  const id = created.data.id;
  const project = requireData(await api(args, "GET /studio/projects/:id", { params: { id } }));
  const first = project.paragraphs[0];
  if (first) {
    const { id: paragraphId, text, style, pitch, tempo, pause_ms } = first;
    await api(args, "PUT /studio/projects/:id/paragraphs", {
      params: { id },
      body: { paragraphs: [{ id: paragraphId, text, style, pitch, tempo, pause_ms, voice_id: voice.data.id, lang: voice.data.lang }] },
    });
  }
  throw redirect(`/studio/projects/text-to-speech?id=${encodeURIComponent(id)}`);
}

/** The voice as a new last paragraph of the member's TTS project `id` (empty, in the voice's language), opened there. */
async function addToProject(args: ActionFunctionArgs, id: string, voice: VoiceDetail) {
  const project = requireData(await api(args, "GET /studio/projects/:id", { params: { id } }));
  if (project.type !== "tts") throw new Response(null, { status: 404 });
  const kept = project.paragraphs.map(({ id, text, voice_id, style, lang, pitch, tempo, pause_ms }) => ({
    id,
    text,
    voice_id,
    style,
    lang,
    pitch,
    tempo,
    pause_ms,
  }));
  const saved = await api(args, "PUT /studio/projects/:id/paragraphs", {
    params: { id },
    body: { paragraphs: [...kept, { text: "", voice_id: voice.id, lang: voice.lang }], revision: project.revision },
  });
  if (!saved.success) return data({ error: saved.message, usage: null as UsageDialogData, addTo: null }, { status: 400 });
  throw redirect(`/studio/projects/text-to-speech?id=${encodeURIComponent(id)}`);
}
