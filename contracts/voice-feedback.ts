/**
 * A voice's ratings and comments: their limits, in a module of their own so a voice's page does not load the
 * library's tag tables with them. contracts/voices.ts re-exports them.
 */

/** `PUT /api/v1/voices/:id/rating {score}`: 1 to 5, one per member and voice (a new one replaces the old). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** `POST /api/v1/voices/:id/comments {text}` and `PATCH /comments/:id {text}`: 1 to 500 characters after trimming. */
export const COMMENT_MAX = 500;
