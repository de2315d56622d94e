import { DurableObject } from "cloudflare:workers";

/** The states a generation job passes through (spec section 4: generating, then completed). */
export type JobState =
  | { status: "idle" }
  | { status: "queued"; total: number }
  | { status: "generating"; done: number; total: number }
  | { status: "completed"; total: number }
  | { status: "failed"; reason: string };

/**
 * One generation job per object (TTS or STS). The TTS/STS issues add the work itself; the skeleton
 * gives it durable state and a server-sent-events stream of that state, so pages can follow a job
 * and reconnect after the tab was closed.
 */
export class GenerationJob extends DurableObject {
  private streams = new Set<WritableStreamDefaultWriter<Uint8Array>>();

  async getState(): Promise<JobState> {
    return (await this.ctx.storage.get<JobState>("state")) ?? { status: "idle" };
  }

  async setState(state: JobState): Promise<JobState> {
    await this.ctx.storage.put("state", state);
    const frame = new TextEncoder().encode(`data: ${JSON.stringify(state)}\n\n`);
    for (const writer of this.streams) {
      writer.write(frame).catch(() => this.streams.delete(writer));
    }
    return state;
  }

  /** GET → an SSE stream that sends the current state at once, then every change. */
  override async fetch(request: Request): Promise<Response> {
    if (request.method !== "GET") return new Response(null, { status: 405 });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.streams.add(writer);
    const state = await this.getState();
    writer.write(new TextEncoder().encode(`data: ${JSON.stringify(state)}\n\n`)).catch(() => {
      this.streams.delete(writer);
    });
    request.signal.addEventListener("abort", () => {
      this.streams.delete(writer);
      writer.close().catch(() => {});
    });
    return new Response(readable, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  }
}
