import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { excerpt, faqQuery, noticeQuery } from "~/lib/content";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** The loaders of the notices and FAQ pages, shared by the public pages and their dashboard twins. */

export async function loadNotices(args: LoaderFunctionArgs) {
  const { category, page } = noticeQuery(new URL(args.request.url));
  const q = new URLSearchParams({ page: String(page) });
  if (category) q.set("category", category);
  const [list, meta] = await Promise.all([
    api(args, "GET /notices", { query: q }),
    pageMeta(args.request, args.context, "content:meta.notice.title", "content:meta.notice.description"),
  ]);
  return { list: requireData(list), category, meta };
}

export async function loadNotice(args: LoaderFunctionArgs) {
  const id = args.params.id ?? "";
  const notice = requireData(await api(args, "GET /notices/:id", { params: { id } }));
  const t = fixedT(await getLocale(args.request, args.context), "content");
  return { notice, meta: { title: t("meta.noticeDetail", { title: notice.title }), description: excerpt(notice.body) } };
}

export async function loadFaq(args: LoaderFunctionArgs) {
  const { category, q } = faqQuery(new URL(args.request.url));
  const query = new URLSearchParams();
  if (category) query.set("category", category);
  if (q) query.set("q", q);
  const [list, meta] = await Promise.all([
    api(args, "GET /faq", { query: query }),
    pageMeta(args.request, args.context, "content:meta.faq.title", "content:meta.faq.description"),
  ]);
  return { list: requireData(list), meta };
}
