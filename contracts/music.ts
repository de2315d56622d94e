/**
 * A TTS project's background music: the upload's limits (the api's check and the app's page post) and the level the
 * member sets. A track shorter than the script loops; 3 minutes of decoded 48 kHz audio is 35 MB, so the upload, its
 * decoded copy and the 24 kHz copy kept fit well within an isolate's 128 MB.
 */
export const MUSIC_UPLOAD = { maxBytes: 15 * 1024 * 1024, maxSeconds: 180 } as const;

/** The music's level under the voice, in percent of the voices' loudness (30: about 10 dB under them). */
export const MUSIC_LEVEL = { min: 0, max: 100, default: 30, step: 5 } as const;
