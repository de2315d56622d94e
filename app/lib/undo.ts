/**
 * How long a page offers "undo" after a delete (the api keeps it restorable a while longer). On its own, so
 * the pages that show undo do not load the studio's form schemas (app/lib/studio.ts re-exports it).
 */
export const UNDO_SHOWN_MS = 10_000;
