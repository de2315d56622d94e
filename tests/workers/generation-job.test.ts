import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GenerationJob Durable Object", () => {
  it("keeps its state and streams it as server-sent events", async () => {
    const stub = env.GENERATION_JOB.get(env.GENERATION_JOB.idFromName("job-1"));
    expect(await stub.getState()).toEqual({ status: "idle" });

    const res = await stub.fetch("http://do/events");
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const next = async () => decoder.decode((await reader.read()).value);

    expect(await next()).toBe(`data: ${JSON.stringify({ status: "idle" })}\n\n`);
    await stub.setState({ status: "generating", done: 1, total: 3 });
    expect(await next()).toBe(`data: ${JSON.stringify({ status: "generating", done: 1, total: 3 })}\n\n`);
    await reader.cancel();

    const again = env.GENERATION_JOB.get(env.GENERATION_JOB.idFromName("job-1"));
    expect(await again.getState()).toEqual({ status: "generating", done: 1, total: 3 });
  });
});
