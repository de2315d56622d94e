/**
 * Speech-to-speech time, one rule for the charge and for what the pages show (a 30.04 s file
 * is 30 s, not 31; docs/decisions/0038). The api charges `billedSeconds` of a recording's decoded
 * length and answers it as `seconds`; the pages show that number as the recording's length.
 */

/**
 * Limits of one speech-to-speech input (the api's upload check, and the app's page posts that carry one:
 * server/post-limits.ts). 30 MB holds 2.6 minutes of 48 kHz stereo WAV and far more of any compressed format
 * (decision 0013: the isolate's 128 MB hold the upload and its decoded copy); 5 minutes of decoded 48 kHz mono
 * is 57.6 MB.
 */
export const STS_UPLOAD = { maxBytes: 30 * 1024 * 1024, maxSeconds: 300 } as const;

/** Whole seconds of a recording: the nearest second (half up), at least 1. */
export const billedSeconds = (ms: number) => Math.max(1, Math.round(Math.max(0, ms) / 1000));

/**
 * How long before the remaining time a recording in the browser stops: whatever the recorder adds after
 * the stop (its last chunk) stays under half a second, so the recording's billed seconds never pass the
 * time that was left.
 */
export const RECORDING_STOP_MARGIN_S = 0.2;
