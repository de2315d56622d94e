import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

export type Mail = { id: number; to: string; subject: string; text: string; createdAt: number };

/**
 * The dev outbox: mail that local runs keep instead of sending (verification codes). The api answers
 * 404 outside development, and so does this page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const mails = requireData(await api(args, "GET /dev/mailbox"));
  return { mails, meta: await pageMeta(args.request, args.context, "meta.titles.devMailbox") };
}
