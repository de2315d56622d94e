import type { PaymentMethod, PlanState } from "./billing";

/**
 * The profile GET /member/getmember (and the profile update) answers (spec section 3): the account's fields,
 * the plan state's fields under the spec's profile names, and the plan state itself. Built by `profile()` in
 * workers/api/src/routes/members.ts.
 */
export type Profile = {
  type: "email" | "google" | "naver" | "kakao";
  email: string;
  nickname: string;
  profile_img: string;
  firstname: string;
  secondname: string;
  gender: string;
  work: string;
  belong: string;
  /** "Y", "N", or "" when unknown. */
  marketing: "Y" | "N" | "";
  /** The member's language ("ko" or "en"). */
  local: string;
  /** Years without login before the account becomes dormant: 1, or 3 by the member's choice (docs/decisions/0036). */
  dormancy_years: 1 | 3;
  plan: string;
  studioProjectsCount: number;
  /** Used STS seconds and TTS characters of the current period (zero once it has ended). */
  plan_time: number;
  plan_txt: number;
  /** Custom voice slots in use. */
  request_cnt: number;
  /** "YYYY-MM-DD~YYYY-MM-DD", or "" on Free. */
  useDt: string;
  /** The renewal date "YYYY-MM-DD", or "". */
  paymentDt: string;
  toplan: string;
  cv_cnt_over: "Y" | "N";
  couponYN: "Y" | "N";
  usecnv: "Y" | "N";
  usecv: "Y" | "N";
  paymentYN: "Y" | "N";
  indiscount: "Y" | "N";
  paymentMethod: PaymentMethod;
  planState: PlanState;
};
