import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { CardVoice } from "~/components/library/VoiceCard";
import { api } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** Dashboard home: the three latest projects and two voice lists; a list the api cannot give is empty. */
type ProjectItem = { id: string; name: string; type: "tts" | "sts"; updatedAt: number };

export async function loader(args: LoaderFunctionArgs) {
  const [projects, top, recommended, meta] = await Promise.all([
    api<ProjectItem[]>(args, "/studio/projects"),
    api<CardVoice[]>(args, "/voices/top"),
    api<CardVoice[]>(args, "/voices/recommended"),
    pageMeta(args.request, args.context, "meta.titles.dashboard"),
  ]);
  return { recent: (projects.data ?? []).slice(0, 3), top: top.data ?? [], recommended: recommended.data ?? [], meta };
}
