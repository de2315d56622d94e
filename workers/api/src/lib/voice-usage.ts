/** Counts one generation with a voice: its total and today's count (for "top voices of the week"). */
export async function recordVoiceUse(db: D1Database, voiceId: string, now = Date.now()) {
  const day = Math.floor(now / 86_400_000);
  await db.batch([
    db.prepare("UPDATE voices SET usage_count = usage_count + 1 WHERE id = ?1").bind(voiceId),
    db.prepare("INSERT INTO voice_usage (voice_id, day, count) VALUES (?1, ?2, 1) ON CONFLICT (voice_id, day) DO UPDATE SET count = count + 1").bind(voiceId, day),
  ]);
}
