import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NoticeFormSchema } from "~/lib/admin-schemas";
import { contentAction, contentLoader } from "~/utils/admin-content.server";

/** /admin/notices (operators only): every notice with its drafts, the form to write or change one, publish and unpublish. */
export const loader = (args: LoaderFunctionArgs) => contentLoader(args, "notices");

/** Saves (creates or changes), publishes or unpublishes a notice through the operator API (each writes an audit row). */
export const action = (args: ActionFunctionArgs) =>
  contentAction(args, "notices", NoticeFormSchema, (v) => ({
    category: v.category,
    pinned: v.pinned === "on",
    title: { ko: v.title_ko, en: v.title_en },
    body: { ko: v.body_ko, en: v.body_en },
  }));
