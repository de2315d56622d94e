/**
 * The TTS text rules live in `contracts/speech-text.ts` (docs/decisions/0037): the same module
 * serves the api and the editor's live count.
 */
export * from "#contracts/speech-text";
