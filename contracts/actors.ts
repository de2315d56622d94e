/**
 * Voice actors' applications (/actors): the limits the page's form and POST
 * /actors/applications both apply, and what the endpoint answers.
 */
export const ACTOR_APPLICATION = {
  /** The applicant's name (or stage name), in code points. */
  nameMax: 40,
  /** An e-mail address or a phone number. */
  contactMax: 100,
  /** An http(s) link to a sample (a portfolio, a video, a cloud folder). */
  linkMax: 300,
  /** An uploaded sample: at most 10 MB (the spec's upload size) and 5 minutes, checked by content. */
  sampleMaxBytes: 10 * 1024 * 1024,
  sampleMaxSeconds: 300,
} as const;

/** The answer of POST /actors/applications. */
export type ActorApplicationReceipt = { id: string; createdAt: number };
