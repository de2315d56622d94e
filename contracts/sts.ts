/**
 * Speech-to-speech time, one rule for the charge and for what the pages show (issue 19: a 30.04 s file
 * is 30 s, not 31; docs/decisions/0038). The api charges `billedSeconds` of a recording's decoded
 * length and answers it as `seconds`; the pages show that number as the recording's length.
 */

/** Whole seconds of a recording: the nearest second (half up), at least 1. */
export const billedSeconds = (ms: number) => Math.max(1, Math.round(Math.max(0, ms) / 1000));

/**
 * How long before the remaining time a recording in the browser stops: whatever the recorder adds after
 * the stop (its last chunk) stays under half a second, so the recording's billed seconds never pass the
 * time that was left.
 */
export const RECORDING_STOP_MARGIN_S = 0.2;
