import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FaqFormSchema } from "~/lib/admin-schemas";
import { contentAction, contentLoader } from "~/utils/admin-content.server";

/** /admin/faq (operators only): every FAQ entry with its drafts, the form to write or change one, publish and unpublish. */
export const loader = (args: LoaderFunctionArgs) => contentLoader(args, "faq");

/** Saves (creates or changes), publishes or unpublishes a FAQ entry through the operator API (each writes an audit row). */
export const action = (args: ActionFunctionArgs) =>
  contentAction(args, "faq", FaqFormSchema, (v) => ({
    category: v.category,
    position: v.position,
    question: { ko: v.question_ko, en: v.question_en },
    answer: { ko: v.answer_ko, en: v.answer_en },
  }));
