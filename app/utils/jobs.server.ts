import type { AppLoadContext } from "@remix-run/cloudflare";
import { api } from "./api.server";

type Args = { request: Request; context: AppLoadContext };

/**
 * A job's state by the kind the page started. `GET /studio/jobs/:id` answers either a generation or conversion job's
 * state or, marked by its `kind`, a custom voice's creation; a page that started one reads only that kind (the other
 * reads as no state).
 */
export async function generationJob(args: Args, id: string) {
  const envelope = await api(args, "GET /studio/jobs/:id", { params: { id } });
  const state = envelope.data && !("kind" in envelope.data) ? envelope.data : null;
  return { ...envelope, data: state };
}

export async function creationJob(args: Args, id: string) {
  const envelope = await api(args, "GET /studio/jobs/:id", { params: { id } });
  const state = envelope.data && "kind" in envelope.data ? envelope.data : null;
  return { ...envelope, data: state };
}
