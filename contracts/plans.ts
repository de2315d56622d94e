// What the api answers, as types the app imports too (type-only: nothing of the api reaches the app's bundle).
// docs/decisions/0020-import-rules.md: the app never imports an api route module.

/** A plan as GET /utils/planlist answers it (spec section 3, "Plan catalogue entry"), in the request's locale. */
export type PlanListItem = {
  tier: number;
  plan: string;
  subtitle: string;
  /** KRW per month. */
  price: number;
  /** USD per month. */
  price_en: number;
  /** STS minutes per month. */
  plan_time: number;
  /** TTS characters per month. */
  plan_txt: number;
  /** Custom voice slots; -1 = unlimited. */
  cv_cnt: number;
  /** Projects; -1 = unlimited. */
  project_limit: number;
  func: string[];
};
