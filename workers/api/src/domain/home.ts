import type { Locale } from "../lib/codes";
import { sessionLive } from "../lib/tokens";
import { recommendedVoiceCards, topVoiceCards } from "./library/cards";
import type { MemberScope } from "./scope";
import { recentProjects } from "./studio/projects";

/** Projects the dashboard home lists (spec: dashboard home, "recent projects"). */
export const HOME_RECENT_PROJECTS = 3;

/**
 * GET /member/home (docs/decisions/0043, 0051): the 3 most recently changed projects, the top voices (as /voices/top)
 * and the AI-recommended ones (as /voices/recommended) of the access token's member, or null when the token's session
 * has ended or its member is gone (login required).
 *
 * One round trip to D1: the session check and the three lists are sent at once (the recommended voices' statement
 * reads the sign-up answers itself), so the lists are read before the session is known to be live; for a session
 * that is not, they are dropped here and nothing of them is answered.
 */
export async function memberHome(db: MemberScope["db"], claims: { sub: string; sid: string }, locale: Locale) {
  const member = { id: claims.sub };
  const [live, recent, top, recommended] = await Promise.all([
    sessionLive(db, claims.sub, claims.sid),
    recentProjects({ db, member }, HOME_RECENT_PROJECTS),
    topVoiceCards({ db, member, locale }),
    recommendedVoiceCards({ db, member, locale }),
  ]);
  if (!live) return null;
  return { recent, top, recommended };
}
