/**
 * The headers a page request on a local run may carry to have its D1 round trips counted and slowed
 * (workers/api/src/lib/round-trips.ts); the app forwards them to each api call it makes for the page.
 */
export const TRACE_HEADER = "x-round-trace";
export const DELAY_HEADER = "x-d1-delay";
