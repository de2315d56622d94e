import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ContestFormSchema } from "~/lib/admin-schemas";
import { contentAction, contentLoader } from "~/utils/admin-content.server";

/** /admin/contests (operators only): every contest page with its drafts, the form to write or change one, publish and unpublish. */
export const loader = (args: LoaderFunctionArgs) => contentLoader(args, "contests");

/** Saves (creates or changes), publishes or unpublishes a contest page through the operator API (each writes an audit row). */
export const action = (args: ActionFunctionArgs) =>
  contentAction(args, "contests", ContestFormSchema, (v) => ({
    slug: v.slug,
    title: { ko: v.title_ko, en: v.title_en },
    summary: { ko: v.summary_ko, en: v.summary_en },
    rules: { ko: v.rules_ko, en: v.rules_en },
    prize: { ko: v.prize_ko, en: v.prize_en },
    startsAt: v.starts_at,
    endsAt: v.ends_at,
  }));
