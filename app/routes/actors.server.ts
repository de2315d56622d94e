import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ActorApplicationSchema } from "~/lib/library-schemas";
import { api } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import type { VoiceCard } from "#contracts/voices";

/** How many voices the market shows. */
const FEATURED = 6;

/**
 * /actors (app/routes/actors.tsx): the voice market's featured open voices (the most popular; this week's
 * most used voices while there is no open voice yet) and the voice actor application.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [open, meta] = await Promise.all([
    api(args, "GET /voices", { query: { tab: "open", sort: "popular", limit: FEATURED } }),
    pageMeta(args.request, args.context, "library:meta.actors", "library:meta.actorsDescription"),
  ]);
  let voices: VoiceCard[] = open.data?.voices ?? [];
  let fallback = false;
  if (voices.length === 0) {
    const top = await api(args, "GET /voices/top");
    voices = (top.data ?? []).slice(0, FEATURED);
    fallback = true;
  }
  const applied = new URL(args.request.url).searchParams.get("applied") === "1";
  return { voices, fallback, applied, meta };
}

/** The application: checked with the form's schema, then sent with its sample to POST /actors/applications. */
export async function action(args: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(args.request), { schema: ActorApplicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { name, contact, sample_url, file, consent } = submission.value;
  const form = new FormData();
  form.set("name", name);
  form.set("contact", contact);
  form.set("consent", consent);
  if (sample_url) form.set("sample_url", sample_url);
  if (file && file.size > 0) form.set("file", file, file.name);
  const sent = await api(args, "POST /actors/applications", { form });
  if (!sent.success) return data({ result: submission.reply({ formErrors: [sent.message] }) }, { status: 400 });
  throw redirect("/actors?applied=1#apply");
}
