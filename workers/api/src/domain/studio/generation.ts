import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { activeProjectJob, admitJob, finishJob, JOB_LIMIT_REFUSAL, runSlot } from "../../lib/jobs";
import { usage } from "../../lib/allowance";
import { characterCount, hasSpeech } from "../../lib/tts-text";
import { generateSpeech, type GenerateInput } from "../../speech/generate";
import type { MemberScope } from "../scope";
import { audioCurrent, projectParagraphs } from "./paragraphs";
import { ownProjectOf } from "./projects";

/**
 * Synthesises one passage of at most 500 characters (the public TTS API): characters are spent only
 * when audio comes out. It runs the engine in this request, so it takes one of the member's running
 * slots (docs/decisions/0017).
 */
export async function speakOnce(s: MemberScope, input: Omit<GenerateInput, "pauseMs" | "projectId" | "paragraphId">) {
  const slot = await runSlot(s.env.DB, s.member.id, "tts-call");
  if (!slot) return JOB_LIMIT_REFUSAL;
  const result = await generateSpeech(s.env, s.db, s.member, input, s.locale, { key: `${slot.id}:0:0`, jobId: slot.id }).finally(
    slot.release,
  );
  if (!result.ok) return result;
  const v = result.value;
  return done({
    inference_id: v.inferenceId,
    audioURL: `/api/v1/studio/inferences/${v.inferenceId}/audio`,
    duration: v.durationMs / 1000,
    characters: v.characters,
  });
}

const jobStub = (s: MemberScope, jobId: string) => s.env.GENERATION_JOB.get(s.env.GENERATION_JOB.idFromName(jobId));

/**
 * Generates one, some or all paragraphs of a project (spec: generate, generate all): a job held by a
 * Durable Object runs them one by one. Paragraphs that are empty, or unchanged since their last
 * generation, are left out (and cost nothing); text longer than the remaining characters is refused
 * before anything starts. A project has one active job at a time: asked again meanwhile, this
 * answers that job (nothing is charged twice); the member's job limits apply (docs/decisions/0017).
 */
export async function startProjectGeneration(
  s: MemberScope,
  projectId: string,
  wanted?: string[],
): Promise<Result<{ job_id: string | null; total: number }>> {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  const running = async (jobId: string) => {
    const state = await jobStub(s, jobId).getState();
    return done({ job_id: jobId, total: "total" in state ? state.total : 0 });
  };
  const active = await activeProjectJob(s.env.DB, s.member.id, project.id);
  if (active) return running(active);
  const rows = await projectParagraphs(s.db, project.id);
  if (wanted && wanted.some((id) => !rows.some((r) => r.id === id))) return refusal(Code.NOT_FOUND);
  const chosen = rows.filter((r) => (!wanted || wanted.includes(r.id)) && hasSpeech(r.text));
  const todo: typeof chosen = [];
  for (const r of chosen) if (!(await audioCurrent(r))) todo.push(r);
  if (todo.length === 0) return done({ job_id: null, total: 0 });
  const need = todo.reduce((n, r) => n + characterCount(r.text), 0);
  const left = await usage(s.env.DB, s.member.id, "chars");
  const remaining = left ? Math.max(0, left.limit - left.used) : 0;
  if (remaining === 0) return refusal(Code.CHARS_EXHAUSTED);
  if (need > remaining) return refusal(Code.CHARS_SHORT, { params: { remaining } });
  const jobId = crypto.randomUUID();
  const admitted = await admitJob(s.env.DB, { id: jobId, memberId: s.member.id, kind: "tts", projectId: project.id });
  if (!admitted.ok) return admitted.activeJobId ? running(admitted.activeJobId) : JOB_LIMIT_REFUSAL;
  try {
    await jobStub(s, jobId).start({
      jobId,
      memberId: s.member.id,
      email: s.member.email,
      locale: s.locale,
      projectId: project.id,
      paragraphIds: todo.map((r) => r.id),
    });
  } catch (err) {
    await finishJob(s.env.DB, jobId);
    throw err;
  }
  return done({ job_id: jobId, total: todo.length });
}

/** The job, when it belongs to the member (a job id is unguessable, and checked anyway). */
export async function ownJob(s: MemberScope, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const stub = jobStub(s, id);
  const owner = await stub.getOwner();
  if (owner === s.member.id) return stub;
  // Admitted a moment ago and not started yet (a second generate of the project answered its id).
  const admitted =
    owner === null && (await s.env.DB.prepare("SELECT 1 FROM active_jobs WHERE id = ?1 AND member_id = ?2").bind(id, s.member.id).first());
  return admitted ? stub : null;
}
