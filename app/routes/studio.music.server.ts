import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { MusicSchema } from "~/lib/music-schema";
import { api } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { setToast } from "~/utils/toast.server";

/** Nothing to show here: the forms live in the editor. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  throw redirect("/studio");
}

/**
 * A project's background music: uploads a track, sets its level or takes it off through the api, then goes back to
 * the editor (the download panel, where the forms are) with the outcome as a toast, so every form works without
 * JavaScript.
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: MusicSchema });
  const project = String(formData.get("project") ?? "");
  const back = /^[\w-]{1,64}$/.test(project) ? `/studio/projects/text-to-speech?id=${project}#project-audio-title` : "/studio";
  if (submission.status !== "success") {
    const t = fixedT(await getLocale(args.request, args.context), "studio");
    const first = Object.values(submission.error ?? {}).flat()[0];
    await setToast(args.request, args.context, {
      key: "error",
      params: { message: t(first?.startsWith("music.") ? first : "music.invalid") },
    });
    throw redirect(back);
  }
  const value = submission.value;
  const params = { id: value.project };
  const answer =
    value.intent === "upload"
      ? await api(args, "POST /studio/projects/:id/music", { params, form: fileForm(value.file) })
      : value.intent === "level"
        ? await api(args, "PATCH /studio/projects/:id/music", { params, body: { level: value.level } })
        : await api(args, "DELETE /studio/projects/:id/music", { params });
  await setToast(args.request, args.context, answer.success ? { key: "saved" } : { key: "error", params: { message: answer.message } });
  throw redirect(back);
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return form;
};
