import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/redirect";
import { apiFile } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { setToast } from "~/utils/toast.server";

/**
 * Downloads (spec: downloads are unlimited and cost nothing), as plain GET forms and links, so they
 * work without JavaScript: `project` with `format` (wav, mp3, or the subtitles srt, vtt), `split`
 * (1: a ZIP of one file per sentence), `music` (0: without the project's background music) and optional `p` (chosen
 * paragraphs); or `id` (several
 * projects from the list: a ZIP of one joined file each, wav or mp3). The file streams through from
 * the api; a refusal (sentences not generated yet, another member's project) goes back to the page
 * it came from with the message.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const q = url.searchParams;
  const asked = q.get("format");
  const format = asked === "mp3" ? "mp3" : "wav";
  const project = q.get("project");
  let path: string;
  if (project) {
    const params = new URLSearchParams({
      format: asked === "srt" || asked === "vtt" ? asked : format,
      split: q.get("split") === "1" ? "1" : "0",
      // The background music is in the joined file unless the member asked for the voice only.
      music: q.get("music") === "0" ? "0" : "1",
    });
    const chosen = q.getAll("p").filter(Boolean);
    if (chosen.length > 0) params.set("paragraphs", chosen.join(","));
    path = `/studio/projects/${encodeURIComponent(project)}/download?${params}`;
  } else {
    const ids = q.getAll("id").filter(Boolean);
    path = `/studio/download?${new URLSearchParams({ ids: ids.join(","), format })}`;
  }
  const answer = await apiFile(args, path);
  if ("file" in answer) {
    const headers = new Headers();
    for (const name of ["content-type", "content-disposition", "content-length", "cache-control"]) {
      const value = answer.file.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(answer.file.body, { status: 200, headers });
  }
  await setToast(args.request, args.context, { key: "error", params: { message: answer.envelope.message } });
  throw redirect(backTo(args.request, project));
}

/** The page the download was asked from (same site only), else the project or the list. */
function backTo(request: Request, project: string | null) {
  const referer = URL.canParse(request.headers.get("referer") ?? "") ? new URL(request.headers.get("referer")!) : null;
  // A page of this site only, and held to the login's redirect rule (a `//evil.example` path is another site).
  const back = referer && referer.origin === new URL(request.url).origin ? safeRedirect(referer.pathname + referer.search) : null;
  if (back) return back;
  return project ? `/studio/projects/text-to-speech?id=${encodeURIComponent(project)}` : "/studio";
}
