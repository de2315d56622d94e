import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { api } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";

export const handle = { i18n: ["common", "account", "studio"] };

type ProjectItem = { id: string; name: string; type: "tts" | "sts"; updatedAt: number; paragraphs: number; voices: string[] };
const TABS = ["all", "tts", "sts"] as const;
const PROJECT_LIMIT = 4206;

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const type = new URL(args.request.url).searchParams.get("type");
  const tab = TABS.find((t) => t === type) ?? "all";
  const [list, meta] = await Promise.all([
    api<ProjectItem[]>(args, `/studio/projects?type=${tab}`),
    pageMeta(args.request, args.context, "meta.titles.studio"),
  ]);
  if (!list.success) throw new Response(null, { status: 503 });
  return { tab, projects: list.data ?? [], meta };
}

export const meta = pageMetaTags;

/** New project, import a script, delete one or the selected projects. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "new") {
    const created = await api<{ id: string }>(args, "/studio/projects", { body: { type: "tts" } });
    if (!created.success || !created.data) return data({ error: created.message, limit: created.code === PROJECT_LIMIT }, { status: 400 });
    throw redirect(`/studio/projects/text-to-speech?id=${created.data.id}`);
  }
  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return data({ error: null, limit: false }, { status: 400 });
    const upload = new FormData();
    upload.set("file", file, file.name);
    const created = await api<{ id: string }>(args, "/studio/projects/import", { form: upload });
    if (!created.success || !created.data) return data({ error: created.message, limit: created.code === PROJECT_LIMIT }, { status: 400 });
    throw redirect(`/studio/projects/text-to-speech?id=${created.data.id}`);
  }
  if (intent === "delete") {
    const ids = form.getAll("id").map(String).slice(0, 100);
    for (const id of ids) await api(args, `/studio/projects/${encodeURIComponent(id)}`, { method: "DELETE" });
    throw redirect(new URL(args.request.url).pathname + new URL(args.request.url).search);
  }
  return data({ error: null, limit: false }, { status: 400 });
}

export default function ProjectList() {
  const { tab, projects } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("studio");
  const [params] = useSearchParams();
  const allSelected = params.get("select") === "all";
  const date = new Intl.DateTimeFormat(i18n.language === "ko" ? "ko-KR" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <main className="px-6 py-8">
      <h1 className="text-2xl font-bold">{t("list.title")}</h1>
      <nav aria-label={t("list.title")} className="mt-4 flex gap-2">
        {TABS.map((k) => (
          <Link key={k} to={k === "all" ? "/studio" : `/studio?type=${k}`} aria-current={tab === k ? "page" : undefined} className={`rounded-full px-4 py-1.5 text-sm font-medium ${tab === k ? "bg-slate-900 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200"}`}>
            {t(`list.tabs.${k}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <Form method="post">
          <SubmitButton name="intent" value="new" className="sm:w-auto">
            + {t("list.newTts")}
          </SubmitButton>
        </Form>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
              {t("list.import")}
            </label>
            <input id="import-file" name="file" type="file" accept=".txt,text/plain" required className="mt-1 block text-sm" aria-describedby="import-help" />
            <p id="import-help" className="mt-1 text-xs text-slate-500">
              {t("list.importHelp")}
            </p>
          </div>
          <SubmitButton name="intent" value="import" variant="secondary" className="sm:w-auto">
            {t("list.importButton")}
          </SubmitButton>
        </Form>
      </div>
      {actionData?.limit ? (
        <div role="alertdialog" aria-labelledby="limit-title" className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200" data-testid="project-limit">
          <h2 id="limit-title" className="font-semibold text-amber-900">
            {t("list.limitTitle")}
          </h2>
          <p className="mt-1 text-sm text-amber-900">{actionData.error}</p>
          <div className="mt-3 flex gap-3 text-sm font-semibold">
            <Link to="/plan" className="rounded-lg bg-brand-600 px-4 py-2 text-white">
              {t("list.upgrade")}
            </Link>
            <a href="#projects" className="rounded-lg px-4 py-2 text-amber-900 ring-1 ring-amber-300">
              {t("list.manage")}
            </a>
          </div>
        </div>
      ) : actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {actionData.error}
        </p>
      ) : null}
      {projects.length === 0 ? (
        <p className="mt-10 text-slate-500">{t("list.empty")}</p>
      ) : (
        <Form method="post" id="projects" className="mt-8">
          <div className="mb-2 flex items-center gap-4 text-sm">
            <Link to={allSelected ? "?" : `?${new URLSearchParams({ ...(tab === "all" ? {} : { type: tab }), select: "all" })}`} className="text-brand-600 underline">
              {t("list.selectAll")}
            </Link>
            <button type="submit" name="intent" value="delete" className="text-red-600 underline">
              {t("list.deleteSelected")}
            </button>
          </div>
          <table className="w-full overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="w-10 px-3 py-2">
                  <span className="sr-only">{t("list.selectAll")}</span>
                </th>
                <th className="px-3 py-2">{t("list.name")}</th>
                <th className="px-3 py-2">{t("list.type")}</th>
                <th className="px-3 py-2">{t("list.paragraphs")}</th>
                <th className="px-3 py-2">{t("list.updated")}</th>
              </tr>
            </thead>
            <tbody>
              {projects.map((p) => (
                <tr key={p.id} className="border-t border-slate-100" data-testid="project-row">
                  <td className="px-3 py-2">
                    <input type="checkbox" name="id" value={p.id} defaultChecked={allSelected} aria-label={t("list.select", { name: p.name })} className="accent-brand-600" />
                  </td>
                  <td className="px-3 py-2 font-medium">
                    <Link to={p.type === "tts" ? `/studio/projects/text-to-speech?id=${p.id}` : `/studio/projects/speech-to-speech?id=${p.id}`} className="hover:underline">
                      {p.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 uppercase text-slate-500">{p.type}</td>
                  <td className="px-3 py-2">{p.paragraphs}</td>
                  <td className="px-3 py-2 text-slate-500">{date.format(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      )}
    </main>
  );
}
