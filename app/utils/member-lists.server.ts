import type { AppLoadContext } from "@remix-run/cloudflare";
import { api } from "./api.server";

export type Choice = { code: string; name: string };

/** A choice list of the api (/member/worklist, /member/perposelist), in the request's language; empty on failure. */
export async function choiceList(args: { request: Request; context: AppLoadContext }, path: "/member/worklist" | "/member/perposelist") {
  const envelope = await api(args, `POST ${path}`);
  return envelope.success && Array.isArray(envelope.data) ? envelope.data : [];
}

export type Reasons = { studio: Choice[]; community: Choice[] };

export async function reasonList(args: { request: Request; context: AppLoadContext }): Promise<Reasons> {
  const envelope = await api(args, "POST /member/reasonlist");
  return envelope.success && envelope.data ? envelope.data : { studio: [], community: [] };
}
