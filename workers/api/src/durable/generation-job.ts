import { DurableObject } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { paragraphs, projects, stsSources } from "#db/schema";
import { refundCharge } from "../lib/allowance";
import { Code, messages } from "../lib/codes";
import { claimRun, finishJob, heartbeat } from "../lib/jobs";
import { JOB_LIMITS } from "../lib/rate-limit";
import { generateSpeech } from "../speech/generate";
import { convertRecording } from "../speech/conversion";
import { decodeWav } from "../speech/wav";
import { encodeWav } from "../engine/dsp";
import type { AppEnv } from "../env";
import { interruptedCreation, runCustomVoiceJob } from "../domain/custom-voices/job";
import { keepTake, paragraphHash, takeOf } from "../domain/studio/take-store";
import type { AnyJobState, ConversionSpec, CustomVoiceSpec, GenerationJobRpc, ItemState, JobSpec, JobState } from "./job-types";

type AnySpec = JobSpec | ConversionSpec | CustomVoiceSpec;

/** What an interrupted item's message says, from what became of its charge. */
const interruptedCode = (refund: "refunded" | "already" | "settled" | "none") =>
  refund === "settled" ? Code.JOB_INTERRUPTED_KEPT : refund === "none" ? Code.JOB_INTERRUPTED : Code.JOB_INTERRUPTED_REFUNDED;

/** Sentences kept for early listening: about 4 minutes of 24 kHz 16-bit audio, a small share of an object's 128 MB. */
const PARTS_KEPT_BYTES = 12 * 1024 * 1024;

/** Lets the object answer other requests (a page asking for a sentence, a progress stream) between CPU-bound steps. */
const yieldNow = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * One generation job per object. A project job runs sentence by sentence from alarms (one sentence
 * per alarm), so it goes on after the tab is closed and survives restarts; every change of state is
 * stored and streamed to the pages that follow it (server-sent events).
 */
export class GenerationJob extends DurableObject<AppEnv["Bindings"]> implements GenerationJobRpc {
  private streams = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  /**
   * Sentences made so far, as WAV, by `paragraphId/index`, for the page that plays them before their paragraph is done.
   * Kept in memory only (an object evicted mid-job loses them; the paragraphs' audio is in R2), the oldest dropped past
   * PARTS_KEPT_BYTES.
   */
  private parts = new Map<string, Uint8Array>();
  private partBytes = 0;

  async getPart(paragraphId: string, index: number): Promise<Uint8Array | null> {
    return this.parts.get(`${paragraphId}/${index}`) ?? null;
  }

  private keepPart(paragraphId: string, index: number, wav: Uint8Array) {
    const key = `${paragraphId}/${index}`;
    this.partBytes += wav.length - (this.parts.get(key)?.length ?? 0);
    this.parts.delete(key);
    this.parts.set(key, wav);
    for (const [old, bytes] of this.parts) {
      if (this.partBytes <= PARTS_KEPT_BYTES) break;
      this.parts.delete(old);
      this.partBytes -= bytes.length;
    }
  }

  async getState(): Promise<AnyJobState> {
    return (await this.ctx.storage.get<AnyJobState>("state")) ?? { status: "idle" };
  }

  /** A generation's or conversion's state (a custom voice job never reaches the code that asks). */
  private async jobState(): Promise<JobState> {
    const state = await this.getState();
    return "kind" in state ? { status: "idle" } : state;
  }

  async getOwner(): Promise<string | null> {
    return (await this.ctx.storage.get<AnySpec>("spec"))?.memberId ?? null;
  }

  async setState(state: JobState): Promise<JobState> {
    await this.putState(state);
    return state;
  }

  /** Stores a state (any job's) and sends it to every open progress stream; the streams end with the job. */
  private async putState(state: AnyJobState) {
    await this.ctx.storage.put("state", state);
    const frame = new TextEncoder().encode(`data: ${JSON.stringify(state)}\n\n`);
    for (const writer of this.streams) {
      writer.write(frame).catch(() => this.streams.delete(writer));
    }
    if (state.status === "completed" || state.status === "failed") {
      for (const writer of this.streams) writer.close().catch(() => {});
      this.streams.clear();
    }
    return state;
  }

  /**
   * Queues a project's paragraphs and starts working at once (from an alarm). The caller has admitted
   * the job in `active_jobs` (lib/jobs.ts `admitJob`): a job without its row is ended as dead.
   */
  async start(spec: JobSpec): Promise<JobState> {
    if ((await this.getState()).status !== "idle") return this.jobState();
    await this.ctx.storage.put("spec", spec);
    const items: ItemState[] = spec.paragraphIds.map((paragraphId) => ({ paragraphId, status: "queued" }));
    const state = await this.setState({ status: "queued", total: items.length, done: 0, items });
    await this.ctx.storage.setAlarm(Date.now());
    return state;
  }

  /** Queues a conversion and starts it at once (from an alarm). */
  async startConversion(spec: ConversionSpec): Promise<JobState> {
    if ((await this.getState()).status !== "idle") return this.jobState();
    await this.ctx.storage.put("spec", spec);
    const state = await this.setState({ status: "queued", total: 1, done: 0, items: [{ paragraphId: spec.sourceId, status: "queued" }] });
    await this.ctx.storage.setAlarm(Date.now());
    return state;
  }

  /** Queues a custom voice's creation and starts it at once (from an alarm; docs/decisions/0034). */
  async startCustomVoice(spec: CustomVoiceSpec): Promise<AnyJobState> {
    if ((await this.getState()).status !== "idle") return this.getState();
    await this.ctx.storage.put("spec", spec);
    const state: AnyJobState = { status: "queued", kind: "custom-voice", voiceId: spec.voiceId };
    await this.putState(state);
    await this.ctx.storage.setAlarm(Date.now());
    return state;
  }

  /**
   * One sentence per alarm; the next alarm is set until none is left. A conversion is one alarm.
   * A job first takes one of its member's running slots (lib/jobs.ts), else it looks again shortly.
   * An item found "generating" was interrupted (the object was evicted or crashed mid-run): what it
   * took is refunded once (its ledger key), and only then is it run again or reported
   * (docs/decisions/0017).
   */
  override async alarm() {
    const spec = await this.ctx.storage.get<AnySpec>("spec");
    if (spec?.kind === "custom-voice") return this.customVoice(spec);
    const state = await this.jobState();
    if (!spec) return;
    if (state.status === "completed" || state.status === "failed") {
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    const claim = await claimRun(this.env.DB, spec.jobId, spec.memberId);
    if (claim === "wait") {
      await this.ctx.storage.setAlarm(Date.now() + JOB_LIMITS.retryMs);
      return;
    }
    if (claim === "gone") return this.abandon(spec, state);
    if (spec.kind === "sts") return this.convert(spec, state);
    if (!("items" in state) || !state.items) return;
    const items: ItemState[] = [];
    for (const item of state.items) items.push(item.status === "generating" ? await this.interrupted(spec, item) : item);
    const next = items.find((i) => i.status === "queued");
    const count = (s: ItemState["status"]) => items.filter((i) => i.status === s).length;
    if (!next) {
      await this.setState({ status: "completed", total: items.length, done: count("done"), failed: count("failed"), items });
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    next.status = "generating";
    next.parts = undefined;
    const progress = () =>
      this.setState({ status: "generating", total: items.length, done: count("done"), failed: count("failed"), items });
    await progress();
    Object.assign(next, await this.generate(spec, next, progress));
    const left = items.some((i) => i.status === "queued");
    await this.setState({
      status: left ? "generating" : "completed",
      total: items.length,
      done: count("done"),
      failed: count("failed"),
      items,
    });
    if (left) await this.ctx.storage.setAlarm(Date.now());
    else await finishJob(this.env.DB, spec.jobId);
  }

  /** The ledger key of an item's current run. */
  private chargeKey(spec: JobSpec | ConversionSpec, item: ItemState) {
    return `${spec.jobId}:${item.paragraphId}:${item.attempt ?? 0}`;
  }

  /**
   * An item interrupted mid-run: its charge is given back (at most once, whatever runs this again),
   * then it is queued for another run while it has attempts left, or failed with a message that
   * says what happened to the allowance.
   */
  private async interrupted(spec: JobSpec | ConversionSpec, item: ItemState): Promise<ItemState> {
    const refund = await refundCharge(this.env.DB, this.chargeKey(spec, item));
    const attempt = (item.attempt ?? 0) + 1;
    if (refund !== "settled" && attempt < JOB_LIMITS.attempts && spec.kind !== "sts")
      return { paragraphId: item.paragraphId, status: "queued", attempt };
    return { paragraphId: item.paragraphId, status: "failed", attempt, error: messages[interruptedCode(refund)][spec.locale] };
  }

  /** The job's row was cleaned up as dead (its charges refunded then): it ends, telling what is not done. */
  private async abandon(spec: JobSpec | ConversionSpec, state: JobState) {
    const items = "items" in state && state.items ? state.items : [];
    const ended: ItemState[] = [];
    for (const item of items) {
      if (item.status === "done" || item.status === "failed") ended.push(item);
      else
        ended.push({
          ...item,
          status: "failed",
          error: messages[interruptedCode(await refundCharge(this.env.DB, this.chargeKey(spec, item)))][spec.locale],
        });
    }
    if (spec.kind === "sts") {
      await this.setState({ status: "failed", reason: ended[0]?.error ?? messages[Code.JOB_INTERRUPTED][spec.locale] });
      return;
    }
    const count = (s: ItemState["status"]) => ended.filter((i) => i.status === s).length;
    await this.setState({ status: "completed", total: ended.length, done: count("done"), failed: count("failed"), items: ended });
  }

  /** One paragraph; each sentence is published as it is made (`item.parts`, then `progress` streams the state). */
  private async generate(spec: JobSpec, item: ItemState, progress: () => Promise<unknown>): Promise<Partial<ItemState>> {
    const paragraphId = item.paragraphId;
    const db = drizzle(this.env.DB, { schema });
    const row = await db
      .select({ p: paragraphs })
      .from(paragraphs)
      .innerJoin(projects, eq(projects.id, paragraphs.projectId))
      .where(and(eq(paragraphs.id, paragraphId), eq(projects.id, spec.projectId), eq(projects.memberId, spec.memberId)))
      .get();
    if (!row) return { status: "failed", error: messages[Code.NOT_FOUND][spec.locale] };
    const p = row.p;
    const hash = await paragraphHash(p);
    // Unchanged since its last generation: keep the audio, charge nothing.
    if (p.audioKey && p.audioHash === hash) return { status: "done", durationMs: p.durationMs ?? undefined };
    // Said before with these settings (a take of this project): that take again, charged nothing.
    const take = await takeOf(db, spec.projectId, hash);
    if (take) {
      await db
        .update(paragraphs)
        .set({ audioKey: take.audioKey, audioHash: hash, durationMs: take.durationMs, sentences: take.sentences })
        .where(eq(paragraphs.id, paragraphId));
      return { status: "done", durationMs: take.durationMs };
    }
    const result = await generateSpeech(
      this.env,
      db,
      { id: spec.memberId, email: spec.email },
      {
        text: p.text,
        voiceId: p.voiceId,
        lang: p.lang,
        style: p.style,
        pitch: p.pitch,
        tempo: p.tempo,
        pauseMs: p.pauseMs,
        projectId: spec.projectId,
        paragraphId,
        onPart: async (part, index) => {
          this.keepPart(paragraphId, index, encodeWav(part.samples, part.sampleRate));
          item.parts = index + 1;
          await progress();
          await yieldNow();
        },
      },
      spec.locale,
      { key: this.chargeKey(spec, item), jobId: spec.jobId },
    );
    if (!result.ok) return { status: "failed", error: result.message ?? messages[result.code][spec.locale] };
    await db
      .update(paragraphs)
      .set({ audioKey: result.value.audioKey, audioHash: hash, durationMs: result.value.durationMs, sentences: result.value.sentences })
      .where(eq(paragraphs.id, paragraphId));
    await keepTake(db, this.env.MEDIA, p, hash, result.value);
    return { status: "done", durationMs: result.value.durationMs };
  }

  private async convert(spec: ConversionSpec, state: JobState) {
    // Only a queued conversion runs: one that was interrupted while converting (an eviction, or the
    // isolate dying under memory) is not run again; what it spent is refunded once, then reported.
    if (state.status === "generating") {
      const item = state.items?.[0] ?? { paragraphId: spec.sourceId, status: "generating" as const };
      const ended = await this.interrupted(spec, item);
      await this.setState({ status: "failed", reason: ended.error ?? messages[Code.JOB_INTERRUPTED][spec.locale] });
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    if (state.status !== "queued") return;
    const items: ItemState[] = [{ paragraphId: spec.sourceId, status: "generating" }];
    await this.setState({ status: "generating", total: 100, done: 0, items });
    // The conversion is seconds of CPU in this object: between its steps it reports the percentage
    // done and yields, so a progress stream opened meanwhile is answered at once, not at the end.
    let reported = 0;
    const progress = async (fraction: number) => {
      const percent = Math.min(99, Math.floor(fraction * 100));
      if (percent >= reported + 5) {
        reported = percent;
        await this.setState({ status: "generating", total: 100, done: percent, items });
        await heartbeat(this.env.DB, spec.jobId);
      }
      await yieldNow();
    };
    await yieldNow();
    const db = drizzle(this.env.DB, { schema });
    const source = await db
      .select()
      .from(stsSources)
      .where(and(eq(stsSources.id, spec.sourceId), eq(stsSources.memberId, spec.memberId)))
      .get();
    const object = source ? await this.env.MEDIA.get(source.audioKey) : null;
    if (!source || !object) {
      await this.setState({ status: "failed", reason: messages[Code.NOT_FOUND][spec.locale] });
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    const result = await convertRecording(
      this.env,
      db,
      { id: spec.memberId, email: spec.email },
      {
        audio: decodeWav(await object.arrayBuffer()),
        sourceKey: source.audioKey,
        voiceId: spec.voiceId,
        method: source.method,
        name: source.name,
        projectId: source.projectId,
        replyTo: spec.replyTo ?? null,
        progress,
      },
      spec.locale,
      { key: this.chargeKey(spec, items[0]!), jobId: spec.jobId },
    );
    if (!result.ok) {
      await this.setState({ status: "failed", reason: result.message ?? messages[result.code][spec.locale] });
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    await db.update(projects).set({ updatedAt: Date.now() }).where(eq(projects.id, source.projectId));
    await this.setState({
      status: "completed",
      total: 1,
      done: 1,
      failed: 0,
      items: [{ paragraphId: spec.sourceId, status: "done", durationMs: result.value.durationMs }],
      inferenceId: result.value.inferenceId,
    });
    await finishJob(this.env.DB, spec.jobId);
  }

  /**
   * A custom voice's creation, in one alarm: queued runs (taking one of the member's running slots first, or
   * looking again shortly); found "generating", it was interrupted and fails, giving its slot back.
   */
  private async customVoice(spec: CustomVoiceSpec) {
    const state = await this.getState();
    if (state.status === "completed" || state.status === "failed") {
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    if (state.status === "generating") {
      await this.putState(await interruptedCreation(this.env, spec));
      await finishJob(this.env.DB, spec.jobId);
      return;
    }
    const claim = await claimRun(this.env.DB, spec.jobId, spec.memberId);
    if (claim === "wait") {
      await this.ctx.storage.setAlarm(Date.now() + JOB_LIMITS.retryMs);
      return;
    }
    if (claim === "gone") {
      await this.putState(await interruptedCreation(this.env, spec));
      return;
    }
    try {
      const end = await runCustomVoiceJob(this.env, spec, async (step) => {
        await this.putState(step);
        await heartbeat(this.env.DB, spec.jobId);
        await yieldNow();
      });
      await this.putState(end);
    } finally {
      await finishJob(this.env.DB, spec.jobId);
    }
  }

  /** GET → an SSE stream that sends the current state at once, then every change (ends when the job does). */
  override async fetch(request: Request): Promise<Response> {
    if (request.method !== "GET") return new Response(null, { status: 405 });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.streams.add(writer);
    const state = await this.getState();
    writer.write(new TextEncoder().encode(`data: ${JSON.stringify(state)}\n\n`)).catch(() => {
      this.streams.delete(writer);
    });
    if (state.status === "completed" || state.status === "failed") {
      this.streams.delete(writer);
      writer.close().catch(() => {});
    }
    request.signal.addEventListener("abort", () => {
      this.streams.delete(writer);
      writer.close().catch(() => {});
    });
    return new Response(readable, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  }
}
