// The signed-in pages whose data loading is held to a budget: their D1 round trips (tests/e2e/round-trips.spec.ts)
// and their CPU and latency (scripts/bench-cpu.mjs). Pages about one of the member's own things take its id.

/** @param {{ tts: string; sts?: string; inquiry?: number | string }} own */
export function signedInPages(own) {
  return [
    "/dashboard",
    "/dashboard/plan",
    "/dashboard/plan/upgrade",
    "/dashboard/settings",
    "/dashboard/keys",
    "/dashboard/help",
    ...(own.inquiry === undefined ? [] : [`/dashboard/help/${own.inquiry}`]),
    "/dashboard/faq",
    "/dashboard/notice",
    "/dashboard/library",
    "/dashboard/library/open",
    "/dashboard/library/voices/ko-seoyeon",
    "/dashboard/library/slots",
    "/dashboard/custom",
    "/studio",
    "/studio/history",
    "/studio/dictionary",
    `/studio/projects/text-to-speech?id=${own.tts}`,
    ...(own.sts === undefined ? [] : [`/studio/projects/speech-to-speech?id=${own.sts}`]),
    "/labs",
    "/labs/avatar",
    "/labs/shorts",
  ];
}
