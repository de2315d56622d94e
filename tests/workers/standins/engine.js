// A stand-in of a remote speech inference service (the HTTP engine's contract,
// workers/api/src/speech/http-engine.ts), served inside the tests' outbound worker for the host
// engine.test. It speaks a tone instead of a voice: F0 = 200 Hz shifted by `pitch` semitones,
// 70 ms of sound per character divided by `tempo`, at the requested rate as 16-bit PCM WAV.
// A text containing "FAIL" answers 500, as a crashed inference would.
export async function engineStandin(request, url) {
  if (request.method !== "POST" || url.pathname !== "/v1/synthesize") return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== "Bearer engine-test-key") return Response.json({ error: "unauthorized" }, { status: 401 });
  const body = await request.json().catch(() => null);
  if (!body || typeof body.text !== "string" || !body.voice || typeof body.sample_rate !== "number") return Response.json({ error: "bad request" }, { status: 400 });
  if (body.text.includes("FAIL")) return Response.json({ error: "inference crashed" }, { status: 500 });
  const rate = body.sample_rate;
  const seconds = (0.07 * [...body.text].length) / (body.tempo || 1);
  const n = Math.round(seconds * rate);
  const f0 = 200 * 2 ** ((body.pitch || 0) / 12);
  const bytes = new Uint8Array(44 + n * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at, text) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + n * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) view.setInt16(44 + i * 2, Math.round(0.3 * 32767 * Math.sin((2 * Math.PI * f0 * i) / rate)), true);
  return new Response(bytes, { headers: { "content-type": "audio/wav" } });
}
